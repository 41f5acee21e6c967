import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * How providers are named (docs/architecture.md, "Names"): an injectable
 * class is named for what it does and lives in the file of that name, in
 * kebab case. A role suffix the framework gives meaning to (Service, Guard,
 * Interceptor, Cache, Endpoint, Processor, Route) is the file's dotted
 * suffix: AppsService in apps.service.ts, BlacklistCache in
 * blacklist.cache.ts. A `Service` is a module's use cases, what its
 * controller or endpoint calls; every other provider is a noun for the one
 * thing it does, with no suffix: SessionOpening in session-opening.ts,
 * FirstActivation in first-activation.ts.
 */

const src = dirname(fileURLToPath(import.meta.url));
const ROLE_SUFFIXES = ['Service', 'Guard', 'Interceptor', 'Cache', 'Endpoint', 'Processor', 'Route'];

/**
 * Providers that share a file with what they serve, and why: guards declared
 * beside the decorators that configure them, a pipe beside its decorator,
 * the Nest face of a class the worker also builds, metrics beside their series.
 */
const SHARED_FILES = new Map([
  ['AppOwnershipGuard', 'modules/apps/app-access.ts'],
  ['RolePolicyGuard', 'common/auth/role-policy.ts'],
  ['AccountThrottlerGuard', 'modules/rate-limit/admin-throttler.ts'],
  ['SignInThrottlerGuard', 'modules/rate-limit/admin-throttler.ts'],
  ['MalformedIdIsNotFound', 'common/id-param.ts'],
  ['ServicePlannerStatistics', 'common/planner-statistics.ts'],
  ['WebhookQueueMetrics', 'modules/webhooks/webhook-metrics.ts'],
]);

/** The file name a provider belongs in: `SessionOpening` -> session-opening.ts, `AppsService` -> apps.service.ts. */
function expectedFile(className: string): string {
  const suffix = ROLE_SUFFIXES.find((role) => className.endsWith(role) && className !== role);
  const stem = suffix ? className.slice(0, -suffix.length) : className;
  const kebab = stem
    .replace(/KeyAuth/g, 'Keyauth')
    .replace(/(?<=[a-z0-9])(?=[A-Z])/g, '-')
    .toLowerCase();
  return suffix ? `${kebab}.${suffix.toLowerCase()}.ts` : `${kebab}.ts`;
}

const providers = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts'))
  .flatMap((file) =>
    [...readFileSync(join(src, file), 'utf8').matchAll(/@Injectable\([^)]*\)\s*export class (\w+)/g)].map(
      ([, className]) => ({ file, className: className! }),
    ),
  );

describe('provider names', () => {
  it('finds the providers', () => {
    expect(providers.length).toBeGreaterThan(50);
  });

  it('keeps each provider in the file named after it', () => {
    const misplaced = providers
      .filter(({ file, className }) => SHARED_FILES.get(className) !== file)
      .filter(
        ({ file, className }) => !file.endsWith(`/${expectedFile(className)}`) && file !== expectedFile(className),
      )
      .map(({ file, className }) => `${className} in ${file}, expected ${expectedFile(className)}`);
    expect(misplaced).toEqual([]);
  });
});
