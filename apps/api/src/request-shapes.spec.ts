import { describe, expect, it } from '@jest/globals';
import * as contracts from '@latchkey/contracts';
import { DECORATORS } from '@nestjs/swagger';
import { getMetadataStorage } from 'class-validator';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * A request's rules are declared once, in a request shape of libs/contracts,
 * which the dashboard's forms use too. A DTO extends its shape and adds
 * OpenAPI only: it restates no rule, and documents every field the shape
 * validates (a field without @ApiProperty would be missing from OpenAPI).
 * No other class of the API declares rules, but for the exceptions below.
 */

const src = import.meta.dirname;
const modules = path.join(src, 'modules');
const dtoFiles = readdirSync(modules, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.dto.ts'))
  .map((file) => path.join(modules, file));

/**
 * The files of apps/api/src that may declare class-validator rules themselves, and why. Keep it short: a
 * request an admin form could send belongs in libs/contracts/src/shapes.
 */
const RULES_OF_THEIR_OWN: Record<string, string> = {
  // POST /v1 keeps its own validator, measured on the client hot path (docs/performance.md); no form sends it.
  'modules/client/client.dto.ts': 'POST /v1: its request classes',
  'modules/files/client-public-key.ts': "POST /v1: the file type's clientPublicKey rule",
  // The service's environment, checked once at start: not a request.
  'config/config.ts': 'the environment settings',
  'config/service-settings.ts': 'the environment settings',
  'config/setting-decorators.ts': 'the environment settings',
};
/** class-validator's names that run rules rather than declare them. */
const RUNNERS = new Set(['validateSync', 'getMetadataStorage', 'ValidationError']);
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

/** The classes from `cls` up to the contracts shape it extends (or the root): the API's own part of its chain. */
function ownChain(cls: unknown): Array<{ name: string }> {
  const chain = [];
  for (
    let at = cls;
    typeof at === 'function' && at !== Function.prototype && !shapes.has(at);
    at = Object.getPrototypeOf(at)
  ) {
    chain.push(at as { name: string });
  }
  return chain;
}

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
        'SignupDto',
        'LoginDto',
        'CreateTokenDto',
        'ChangePasswordDto',
        'SecondFactorDto',
        'TotpCodeDto',
        'DisableTotpDto',
        'RegisterPasskeyDto',
        'RenamePasskeyDto',
        'PasskeyAuthenticationOptionsDto',
        'PasskeyAuthenticateDto',
        'CommitKeyAuthImportDto',
        'KeyAuthImportRowsQuery',
        'AuditQuery',
        'SessionsQuery',
        'ListLicensesQuery',
        'ExportLicensesQuery',
        'UsersQuery',
        'BlacklistQuery',
        'ListDeliveriesQuery',
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

describe('Rules of the API', () => {
  it('are declared by no DTO class, nor by any class between a DTO and its shape, but the exceptions', async () => {
    const exempt = Object.keys(RULES_OF_THEIR_OWN).map((file) => path.join(src, file));
    for (const file of dtoFiles.filter((dto) => !exempt.includes(dto))) {
      for (const value of Object.values(await import(file))) {
        for (const cls of ownChain(value)) {
          expect([path.relative(src, file), cls.name, ownRules(cls).length]).toEqual([
            path.relative(src, file),
            cls.name,
            0,
          ]);
        }
      }
    }
  });

  it('come from class-validator in no source file but the exceptions', () => {
    const declaring = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts'))
      .filter((file) => {
        const text = readFileSync(path.join(src, file), 'utf8');
        const imported = [...text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'class-validator'/g)]
          .flatMap((match) => match[1]!.split(','))
          .map((name) => name.replace(/^\s*type\s+/, '').trim())
          .filter(Boolean);
        const whole = /import\s+(?:\*\s+as\s+\w+|\w+)\s+from\s+'class-validator'/.test(text);
        return whole || imported.some((name) => !RUNNERS.has(name));
      })
      .sort();
    expect(declaring).toEqual(Object.keys(RULES_OF_THEIR_OWN).sort());
  });
});
