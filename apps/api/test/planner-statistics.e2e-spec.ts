import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eventually } from './support/eventually.js';
import { ServiceStack, type StackOwner } from './support/service-stack.js';

/*
 * The service refreshes the planner's statistics after bulk writes (issue
 * 25) and as `/v1` grows users and sessions (issue 38), on a database of the
 * spec's own whose tables have never been analyzed; the local PostgreSQL
 * runs with autovacuum off, so only the service can analyze them.
 */

const PARALLEL_GENERATIONS = 10;
const KEYS_PER_GENERATION = 100;

let stack: ServiceStack;
let owner: StackOwner;

beforeAll(async () => {
  stack = await ServiceStack.start('planner', {}, { workers: 0 });
  owner = await stack.ownerWithApp();
}, 120_000);

afterAll(async () => {
  await stack?.stop();
}, 60_000);

async function tableStatistics(table: string): Promise<{ reltuples: number; analyzed: boolean }> {
  const { rows } = await stack.db().query<{ reltuples: number; analyzed: boolean }>(
    `SELECT reltuples::float8 AS reltuples, last_analyze IS NOT NULL AS analyzed
     FROM pg_class JOIN pg_stat_user_tables ON relid = pg_class.oid WHERE pg_class.oid = $1::regclass`,
    [table],
  );
  return rows[0]!;
}

const licensesStatistics = () => tableStatistics('licenses');

describe('planner statistics', () => {
  it('analyzes licenses after parallel generations', async () => {
    expect((await stack.db().query('SHOW autovacuum')).rows[0].autovacuum).toBe('off');
    expect((await licensesStatistics()).reltuples).toBe(-1);

    const generations = await Promise.all(
      Array.from({ length: PARALLEL_GENERATIONS }, () =>
        stack.http('POST', `/v1/admin/apps/${owner.appId}/licenses`, {
          token: owner.token,
          body: { count: KEYS_PER_GENERATION, durationType: '30d' },
        }),
      ),
    );
    expect(generations.map((res) => res.status)).toEqual(generations.map(() => 201));

    // The first analysis counts at least the first committed generation's keys.
    const analyzed = await eventually(licensesStatistics, {
      until: (statistics) => statistics.reltuples >= KEYS_PER_GENERATION,
      what: 'licenses analyzed',
    });
    expect(analyzed.reltuples).toBeLessThanOrEqual(PARALLEL_GENERATIONS * KEYS_PER_GENERATION);
    expect(await eventually(async () => (await licensesStatistics()).analyzed, { what: 'last_analyze set' })).toBe(
      true,
    );
  });

  it('analyzes users and sessions as first activations grow them from empty', async () => {
    const FIRST_ACTIVATIONS = 120;
    expect((await tableStatistics('users')).reltuples).toBe(-1);
    expect((await tableStatistics('sessions')).reltuples).toBe(-1);
    const unlimited = await stack.http('PATCH', `/v1/admin/apps/${owner.appId}`, {
      token: owner.token,
      body: { rateLimitPerMinute: 0 },
    });
    expect(unlimited.status).toBe(200);
    const keys: string[] = [];
    for (let batch = 0; batch < FIRST_ACTIVATIONS / 60; batch++) {
      const generated = await stack.http('POST', `/v1/admin/apps/${owner.appId}/licenses`, {
        token: owner.token,
        body: { count: 60, durationType: '30d' },
      });
      keys.push(...generated.body.data.map((license: { key: string }) => license.key));
    }
    for (const licenseKey of keys) {
      const res = await stack.http('POST', '/v1', {
        body: { type: 'license', appId: owner.appId, apiKey: owner.apiKey, licenseKey },
      });
      expect(res.status).toBe(200);
    }
    // 50 rows past an empty table's last count make an analysis due (ANALYZE_BASE_ROWS).
    for (const table of ['users', 'sessions']) {
      const analyzed = await eventually(() => tableStatistics(table), {
        until: (statistics) => statistics.analyzed && statistics.reltuples >= 50,
        what: `${table} analyzed`,
      });
      expect(analyzed.reltuples).toBeLessThanOrEqual(FIRST_ACTIVATIONS);
    }
  });
});
