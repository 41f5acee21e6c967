import { describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLIENT_CHECKS } from './client-checks.js';

const modules = join(dirname(fileURLToPath(import.meta.url)), '..');
const sourceFiles = new Set(readdirSync(modules, { recursive: true, encoding: 'utf8' }));

describe('CLIENT_CHECKS', () => {
  it("keeps the contract's order: body shape, app credentials, app enabled, blacklist, then the type's own", () => {
    expect(CLIENT_CHECKS.map((check) => check.name)).toEqual([
      'body shape',
      'app credentials',
      'app enabled',
      'blacklist',
      'rate limit',
      "the type's own checks",
    ]);
  });

  it('names only files that exist, so a rename cannot leave the map pointing nowhere', () => {
    const named = CLIENT_CHECKS.flatMap((check) =>
      [...check.where.matchAll(/[\w./-]+\.(?:ts|sql)\b/g)].map((m) => m[0]),
    );
    expect(named.length).toBeGreaterThan(5);
    const missing = named.filter(
      (file) => !existsSync(join(modules, file)) && ![...sourceFiles].some((path) => path.endsWith(`/${file}`)),
    );
    expect(missing).toEqual([]);
  });
});
