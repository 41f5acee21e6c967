import { describe, expect, it } from '@jest/globals';
import * as contracts from '@latchkey/contracts';
import { DECORATORS } from '@nestjs/swagger';
import { getMetadataStorage } from 'class-validator';
import { readdirSync } from 'node:fs';
import path from 'node:path';

/*
 * A DTO that extends a request shape of libs/contracts takes its rules from
 * the shape (one declaration, also used by the dashboard's forms) and adds
 * OpenAPI only: it restates no rule, and documents every field the shape
 * validates (a field without @ApiProperty would be missing from OpenAPI).
 */

const modules = path.resolve(import.meta.dirname, 'modules');
const dtoFiles = readdirSync(modules, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.dto.ts'))
  .map((file) => path.join(modules, file));
const shapes = new Set<unknown>(Object.values(contracts).filter((value) => typeof value === 'function'));

async function dtosOnShapes(): Promise<Array<{ dto: { name: string; prototype: object }; shape: { name: string } }>> {
  const found = [];
  for (const file of dtoFiles) {
    for (const value of Object.values(await import(file))) {
      if (typeof value !== 'function') continue;
      const parent: unknown = Object.getPrototypeOf(value);
      if (shapes.has(parent)) found.push({ dto: value as never, shape: parent as never });
    }
  }
  return found;
}

/** The storage keeps every class's own rules in a map it does not expose otherwise. */
const ownRules = (target: unknown) =>
  (
    getMetadataStorage() as unknown as { validationMetadatas: Map<unknown, Array<{ propertyName: string }>> }
  ).validationMetadatas.get(target) ?? [];

/** A shape's rules with its ancestors' (the reseller requests share the bounds of ResellerBounds). */
function shapeRules(shape: unknown) {
  const rules = [];
  for (let cls = shape; typeof cls === 'function' && cls !== Function.prototype; cls = Object.getPrototypeOf(cls)) {
    rules.push(...ownRules(cls));
  }
  return rules;
}

describe('DTOs on a contracts request shape', () => {
  it('include the DTOs of the migrated modules', async () => {
    const names = (await dtosOnShapes()).map(({ dto }) => dto.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'CreateVariableDto',
        'UpdateVariableDto',
        'SetUserVariableDto',
        'CreateAppDto',
        'UpdateAppDto',
        'CreateBlacklistEntryDto',
        'CreateWebhookDto',
        'UpdateWebhookDto',
        'UpdateMemberDto',
        'CreateInvitationDto',
        'AcceptInvitationDto',
        'UpdateFileDto',
        'GenerateLicensesDto',
        'UpdateLicenseDto',
        'BanLicenseDto',
        'CreateUserDto',
        'BanUserDto',
        'ExtendUserDto',
        'CreateResellerDto',
        'UpdateResellerDto',
        'AdjustCreditsDto',
        'JobFilterDto',
        'JobParamsDto',
        'CreateJobDto',
        'UpdateKeyAuthSettingsDto',
        'SetKeyAuthSecretDto',
      ]),
    );
  });

  it('restate no rule of the shape, and document each field it validates', async () => {
    for (const { dto, shape } of await dtosOnShapes()) {
      expect([dto.name, ownRules(dto)]).toEqual([dto.name, []]);
      const validated = [...new Set(shapeRules(shape).map((rule) => rule.propertyName))].sort();
      const documented = (Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES_ARRAY, dto.prototype) as string[])
        .map((key) => key.replace(/^:/, ''))
        .sort();
      expect([dto.name, documented]).toEqual([dto.name, validated]);
    }
  });
});
