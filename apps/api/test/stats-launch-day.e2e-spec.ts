import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ACTIVITY_DAYS, COUNT_ACTIVITY_FROM } from '../src/modules/stats/stats.queries.js';
import { createApp, type Owner, signupOwner } from './factories/index.js';
import { closeDb, db } from './support/db.js';
import { http } from './support/http.js';

// An app on its launch day: many keys activated and many logins since UTC
// midnight. The stats call must not count the whole day on every call, nor
// plan that count as if it were millions of rows (docs/decisions.md, "Stats at
// a million keys (issue 38)"). Plans and rows read, never timings.
const LAUNCH = 5_000;

let owner: Owner;
let appId: string;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Plan Rows': number;
  'Total Cost': number;
  'Actual Rows'?: number;
  Plans?: PlanNode[];
}

const nodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

/** Rows of `table` the plan read (EXPLAIN ANALYZE). */
const rowsRead = (plan: PlanNode, table: string) =>
  nodes(plan)
    .filter((node) => node['Relation Name'] === table)
    .reduce((sum, node) => sum + node['Actual Rows']!, 0);

/** The plan of COUNT_ACTIVITY_FROM from `from`, run (and rolled back) when `analyze`. */
async function planOfCount(from: string, analyze: boolean): Promise<PlanNode> {
  const client = await db().connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query(`EXPLAIN (${analyze ? 'ANALYZE, ' : ''}FORMAT JSON) ${COUNT_ACTIVITY_FROM}`, [
      appId,
      from,
    ]);
    return rows[0]['QUERY PLAN'][0].Plan as PlanNode;
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
}

async function midnight(): Promise<string> {
  const { rows } = await db().query(`SELECT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T00:00:00Z"') AS at`);
  return rows[0].at;
}

beforeAll(async () => {
  owner = await signupOwner();
  ({ appId } = await createApp(owner, { name: 'Launch day' }));
  // Spread evenly from UTC midnight to a minute ago, oldest first, as the day wrote them.
  const today = `date_trunc('day', now(), 'UTC') + (now() - interval '1 minute' - date_trunc('day', now(), 'UTC')) * i / $2::int`;
  await db().query(
    `INSERT INTO licenses (app_id, key, status, duration_type, activated_at)
     SELECT $1, gen_random_uuid()::text, 'USED', '30d', ${today} FROM generate_series(1, $2::int) i`,
    [appId, LAUNCH],
  );
  await db().query(
    `INSERT INTO events (app_id, name, data, created_at)
     SELECT $1, 'user.login', '{}', ${today} FROM generate_series(1, $2::int) i`,
    [appId, LAUNCH],
  );
  // Only events: licenses keep the statistics of whoever analyzed them last, as a launch day would leave them.
  await db().query('ANALYZE events');
}, 60_000);
afterAll(closeDb);

describe('stats on a launch day', () => {
  it('plan the count of the day at about the days it answers, below the JIT threshold', async () => {
    // Joined to a series of days, the planner multiplied its guesses to millions of rows and JIT-compiled
    // the statement: 200 ms of a 256 ms call at 1M keys.
    const plan = await planOfCount(await midnight(), false);
    const { rows } = await db().query(`SELECT current_setting('jit_above_cost')::float8 AS bound`);
    expect(plan['Total Cost']).toBeLessThan(rows[0].bound);
    expect(Math.max(...nodes(plan).map((node) => node['Plan Rows']))).toBeLessThanOrEqual(2 * LAUNCH);
  });

  it('store the settled hours of the open day and count only the rows after them', async () => {
    const first = (await http('GET', `/v1/admin/apps/${appId}/stats`, { token: owner.token })).body.data;
    expect([first.activations[29].count, first.logins[29].count]).toEqual([LAUNCH, LAUNCH]);

    // Every hour of today that ended over an hour ago is stored, with what its rows count.
    const { rows: hours } = await db().query(
      `SELECT h.hour, h.activations, h.logins,
              (SELECT count(*)::int FROM events e WHERE e.app_id = h.app_id AND e.name = 'user.login'
                 AND e.created_at >= h.hour AND e.created_at < h.hour + interval '1 hour') AS logins_counted,
              (SELECT count(*)::int FROM licenses l WHERE l.app_id = h.app_id
                 AND l.activated_at >= h.hour AND l.activated_at < h.hour + interval '1 hour') AS activations_counted
         FROM app_activity_hours h WHERE h.app_id = $1 ORDER BY h.hour`,
      [appId],
    );
    const { rows: settled } = await db().query(
      `SELECT count(*)::int AS n FROM generate_series(date_trunc('day', now(), 'UTC'), now(), interval '1 hour') h
        WHERE h + interval '1 hour' <= now() - interval '1 hour'`,
    );
    expect(hours).toHaveLength(settled[0].n);
    for (const hour of hours) {
      expect([hour.activations, hour.logins]).toEqual([hour.activations_counted, hour.logins_counted]);
    }

    // Today's count starts where its stored hours end: at most the last two hours' rows are read.
    const { rows: days } = await db().query(ACTIVITY_DAYS, [appId, 30]);
    const today = days[29];
    expect(today.logins).toBeNull();
    const from = today.countedUntil ? new Date(today.countedUntil).toISOString() : await midnight();
    const { rows: recent } = await db().query(
      `SELECT count(*)::int AS n FROM events WHERE app_id = $1 AND created_at >= now() - interval '2 hours'`,
      [appId],
    );
    const plan = await planOfCount(from, true);
    expect(rowsRead(plan, 'events')).toBeLessThanOrEqual(recent[0].n);
    expect(rowsRead(plan, 'licenses')).toBeLessThanOrEqual(recent[0].n);

    // The answer is still every row of the day, a login of this instant included.
    await db().query(`INSERT INTO events (app_id, name, data) VALUES ($1, 'user.login', '{}')`, [appId]);
    const second = (await http('GET', `/v1/admin/apps/${appId}/stats`, { token: owner.token })).body.data;
    expect([second.activations[29].count, second.logins[29].count]).toEqual([LAUNCH, LAUNCH + 1]);
  });
});
