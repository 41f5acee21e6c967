import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AUDIT_TYPES, CLIENT_AUDIT_TYPES, JOB_AUDIT_TYPES } from '@latchkey/contracts';

/*
 * Every audit type the code writes is in contracts' AUDIT_TYPES, where the
 * dashboard reads the types it must have words for. The writers take an
 * AuditType, so the compiler refuses a literal outside the list; this also
 * catches a type spelled in a template, a cast, or SQL.
 */

const modules = join(dirname(fileURLToPath(import.meta.url)), '..');
const sources = readdirSync(modules, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.(ts|sql)$/.test(file) && !file.endsWith('.spec.ts'))
  .map((file) => readFileSync(join(modules, file), 'utf8'));

/** An entry type as the writers spell it: `adminChange(actor, app, 'x.y')`, `type: 'x.y'` or a `client.${...}` template. */
const WRITTEN = [
  /adminChange\(\s*\w+,\s*[\w.!]+,\s*'([^']+)'/g,
  /\btype: '((?:admin|client|member|invitation)\.[^']+)'/g,
  /\btype: `((?:admin|client)\.[^`]*)`/g,
];

/** The types a template stands for: `client.${type}` is every client type, `admin.job.${...}` every job's. */
function expand(type: string): readonly string[] {
  if (type === 'client.${type}') return CLIENT_AUDIT_TYPES;
  if (type.startsWith('admin.job.${')) return JOB_AUDIT_TYPES;
  return [type];
}

describe('audit types', () => {
  it('writes only the types contracts list', () => {
    const written = new Set(
      sources.flatMap((text) => WRITTEN.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1]!))),
    );
    expect(written.size).toBeGreaterThan(40);
    const known = new Set<string>(AUDIT_TYPES);
    expect([...written].flatMap(expand).filter((type) => !known.has(type))).toEqual([]);
  });

  it('lists each type once', () => {
    expect(new Set(AUDIT_TYPES).size).toBe(AUDIT_TYPES.length);
  });
});
