import { describe, expect, it } from '@jest/globals';
import * as contracts from '@latchkey/contracts';
import { getMetadataStorage } from 'class-validator';
import { readdirSync } from 'node:fs';
import path from 'node:path';

/** Every admin DTO module: the `*.dto.ts` files of the modules (the client endpoint's aside) and the paging query. */
function adminDtoModules(): string[] {
  const modules = path.resolve(import.meta.dirname, '../../modules');
  const files = readdirSync(modules, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.dto.ts') && !file.startsWith(`client${path.sep}`))
    .map((file) => path.join(modules, file));
  return [...files, path.resolve(import.meta.dirname, '../admin-response.ts')];
}

describe('optional fields of admin DTOs', () => {
  it("never use class-validator's IsOptional, which lets null through to NOT NULL columns", async () => {
    const modules = adminDtoModules();
    expect(modules.length).toBeGreaterThan(10);
    const classes = new Set<unknown>();
    // The contracts' request shapes too, which hold the rules of the DTOs that extend them. One import at a
    // time: Jest's ESM loader fails on modules imported side by side.
    const exported: object[] = [contracts];
    for (const file of modules) exported.push(await import(file));
    for (const exports of exported) {
      for (const value of Object.values(exports)) {
        // A DTO's rules include its ancestors' (PartialType makes one of those).
        for (
          let cls = value;
          typeof cls === 'function' && cls !== Function.prototype;
          cls = Object.getPrototypeOf(cls)
        ) {
          classes.add(cls);
        }
      }
    }
    // The storage keeps every class's rules in a map it does not expose otherwise.
    const storage = getMetadataStorage() as unknown as {
      validationMetadatas: Map<unknown, Array<{ name?: string; propertyName: string }>>;
    };
    const lenient = [...storage.validationMetadatas]
      .filter(([target]) => classes.has(target))
      .flatMap(([target, rules]) =>
        rules
          .filter((rule) => rule.name === 'isOptional')
          .map((rule) => `${(target as { name: string }).name}.${rule.propertyName}`),
      );
    expect(lenient).toEqual([]);
  });
});
