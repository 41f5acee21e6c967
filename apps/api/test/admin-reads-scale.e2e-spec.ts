import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import {
  EXACT_TOTAL_MAX,
  FieldMessage,
  LicenseLimits,
  PAGE_DEPTH_MESSAGE,
  PageLimits,
  SEARCH_EXACT_TOTAL_MAX,
  STATS_EXACT_MAX,
} from '@latchkey/contracts';
import {
  escapeLike,
  SEARCH_ESTIMATE_ONLY_FACTOR,
  sqlPage,
  sqlRows,
  sqlTotals,
  type ListStatement,
  type SqlExecutor,
} from '../src/common/sql.js';
import { listEntries } from '../src/modules/audit/audit.queries.js';
import { LIST_LICENSES, scopeParameters, SEARCH_LICENSES } from '../src/modules/licenses/licenses.queries.js';
import { ACTIVITY_DAYS, COUNT_ACTIVITY_FROM } from '../src/modules/stats/stats.queries.js';
import { STATS_COUNTS, statsCountParameters } from '../src/modules/stats/stats.service.js';
import { LIST_USERS, SEARCH_USERS } from '../src/modules/users/users.queries.js';
import { listDeliveries } from '../src/modules/webhooks/webhooks.queries.js';
import { createApp, type Owner, signupOwner } from './factories/index.js';
import { closeDb, db } from './support/db.js';
import { http } from './support/http.js';

// One app seeded straight into its tables (bigger than the exact-count bound,
// small enough for a test) and analyzed, then the plans of the admin reads:
// every list, search and stats statement has an index to read, and every
// total is a bounded count (docs/decisions/scale-and-planner-statistics.md).
// Plan shapes, never timings.
const KEYS = 50_000;
/** Key number i as the API might have drawn it: four segments of five, from md5 of i. */
const KEY_SQL = `upper(substr(md5(i::text), 1, 5) || '-' || substr(md5(i::text), 6, 5) || '-' ||
  substr(md5(i::text), 11, 5) || '-' || substr(md5(i::text), 16, 5))`;
const BANNED = 500;
const USERS = 10_000;
const AUDIT_ENTRIES = 20_000;
const LOGINS = 10_000;
const SEEDED_TABLES = new Set(['licenses', 'users', 'audit_log', 'events', 'webhook_deliveries']);

let owner: Owner;
let appId: string;
let webhookId: string;

beforeAll(async () => {
  owner = await signupOwner();
  ({ appId } = await createApp(owner, { name: 'Large catalogue' }));
  await db().query(
    `INSERT INTO users (app_id, username, username_key, created_at)
     SELECT $1, name, name, now() - i * interval '1 minute'
       FROM generate_series(1, $2) i, LATERAL (SELECT 'user_' || substr(md5('user' || i), 1, 10) AS name) n`,
    [appId, USERS],
  );
  await db().query(
    `INSERT INTO events (app_id, name, data, created_at)
     SELECT $1, 'user.login', '{}', now() - i * interval '1 minute' FROM generate_series(1, $2) i`,
    [appId, LOGINS],
  );
  await db().query(
    `INSERT INTO licenses (app_id, key, status, duration_type, note, created_at)
     SELECT $1, ${KEY_SQL},
            CASE WHEN i <= $3 THEN 'BANNED' ELSE 'UNUSED' END, '30d',
            CASE WHEN i % 100 = 0 THEN 'giveaway batch ' || i ELSE 'order ' || i END,
            now() - i * interval '1 second'
       FROM generate_series(1, $2) i`,
    [appId, KEYS, BANNED],
  );
  await db().query(
    `INSERT INTO audit_log (app_id, type, actor, details, created_at)
     SELECT $1, CASE WHEN i % 4 = 0 THEN 'admin.user.ban' ELSE 'client.login' END,
            CASE WHEN i % 4 = 0 THEN 'owner' ELSE 'user' || i % 1000 END, '{}',
            now() - i * interval '1 second'
       FROM generate_series(1, $2) i`,
    [appId, AUDIT_ENTRIES],
  );
  // One statement's events share their timestamp: a webhook's deliveries of them too.
  ({
    rows: [{ id: webhookId }],
  } = await db().query(
    `INSERT INTO webhooks (app_id, url, events, secret_sealed)
     VALUES ($1, 'https://hooks.example.com/x', ARRAY['user.login'], sha256('secret'::bytea)) RETURNING id`,
    [appId],
  ));
  await db().query(
    `INSERT INTO webhook_deliveries (webhook_id, event_id, status, attempts, created_at)
     SELECT $1, id, 'succeeded', 1, date_trunc('hour', created_at) FROM events WHERE app_id = $2`,
    [webhookId, appId],
  );
  // What autovacuum does in production; the local server runs with it off.
  await db().query('ANALYZE licenses, users, audit_log, events, sessions, webhook_deliveries');
}, 120_000);
afterAll(closeDb);

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/**
 * An executor that plans instead of running: it keeps the plan of each
 * statement sqlPage or sqlTotal sends and answers a full page of empty rows
 * and a total of 0, so the statements are exactly the ones the services send. Sequential
 * scans are priced out (as the session-rules spec does): at a test's size a
 * scan is cheap, so what is asked is whether an index serves the statement.
 */
function planner(): SqlExecutor & { plans: PlanNode[]; statements: string[] } {
  const plans: PlanNode[] = [];
  const statements: string[] = [];
  return {
    plans,
    statements,
    async query(sql: string, parameters: unknown[] = []) {
      // The planner's estimate a total asks for is itself a plan: answered as it is, not kept.
      if (sql.startsWith('EXPLAIN')) return (await db().query(sql, parameters)).rows;
      const client = await db().connect();
      try {
        await client.query('BEGIN');
        await client.query('SET LOCAL enable_seqscan = off');
        const { rows } = await client.query(`EXPLAIN (FORMAT JSON) ${sql}`, parameters);
        plans.push(rows[0]['QUERY PLAN'][0].Plan);
        statements.push(sql);
      } finally {
        await client.query('ROLLBACK');
        client.release();
      }
      if (sql.includes('count(*)')) return [{ total: 0 }];
      // A full page (its limit is the next to last parameter), so the total is the count's or estimate's.
      return / LIMIT \$\d+ OFFSET \$\d+$/.test(sql)
        ? Array.from({ length: Number(parameters.at(-2)) }, () => ({}))
        : [];
    },
  };
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** Each node of `plan` with its ancestors, nearest first. */
function nodes(plan: PlanNode, ancestors: PlanNode[] = []): Array<{ node: PlanNode; ancestors: PlanNode[] }> {
  return [{ node: plan, ancestors }, ...(plan.Plans ?? []).flatMap((child) => nodes(child, [plan, ...ancestors]))];
}

/** The indexes a plan reads. */
function indexesOf(plan: PlanNode): string[] {
  return nodes(plan).flatMap(({ node }) => (node['Index Name'] ? [node['Index Name']] : []));
}

/** The sequential scans of the seeded tables in a plan: each reads the table whole. */
function seqScans(plan: PlanNode): string[] {
  return nodes(plan)
    .filter(({ node }) => node['Node Type'] === 'Seq Scan' && SEEDED_TABLES.has(node['Relation Name']!))
    .map(({ node }) => `Seq Scan on ${node['Relation Name']}`);
}

/** A total's plan stops after the exact bound: its rows come through a Limit. */
function isBounded(plan: PlanNode): boolean {
  return nodes(plan).some(({ node }) => node['Node Type'] === 'Limit');
}

/**
 * The plans of one page of `list` and of its total, and of its rows alone
 * (`SELECT 1 FROM <from>`, no order or limit): the last shows which index the
 * filter itself can use, whatever the order of a page makes cheapest.
 */
async function plansOfPage(list: ListStatement, parameters: unknown[]) {
  const executor = planner();
  await sqlPage(executor, list, parameters, { offset: 0, limit: 25 });
  await executor.query(`SELECT 1 FROM ${list.from}`, parameters);
  // A list's page and total are read together; a search's total first (it decides how the page is read).
  const totalAt = executor.statements.findIndex((sql) => sql.includes('count(*)'));
  const [page, total, rows] = [executor.plans[1 - totalAt]!, executor.plans[totalAt]!, executor.plans[2]!];
  expect(isBounded(total)).toBe(true);
  return { page, total, rows };
}

const licensesIn = (filters: { status?: 'BANNED' | 'UNUSED' } = {}) =>
  scopeParameters({ appId, resellerId: null }, filters);

describe('plans of the admin reads of a large app', () => {
  it('a license page is read newest first off an index, and its total is a bounded count', async () => {
    const { page, total } = await plansOfPage(LIST_LICENSES, licensesIn());
    expect(indexesOf(page)).toContain('licenses_app_created_idx');
    expect([...seqScans(page), ...seqScans(total)]).toEqual([]);
    const byStatus = await plansOfPage(LIST_LICENSES, licensesIn({ status: 'BANNED' }));
    expect(indexesOf(byStatus.page)).toContain('licenses_app_status_idx');
    expect(indexesOf(byStatus.total)).toContain('licenses_app_status_idx');
  });

  it('a search by key fragment or note word reads the trigram indexes', async () => {
    const { rows } = await db().query(`SELECT substr(${KEY_SQL}, 4, 8) AS fragment FROM (SELECT 1234 AS i) k`);
    for (const fragment of [rows[0].fragment, 'giveaway']) {
      const { page, total, rows } = await plansOfPage(SEARCH_LICENSES, [...licensesIn(), `%${escapeLike(fragment)}%`]);
      expect([...seqScans(page), ...seqScans(total)]).toEqual([]);
      expect(indexesOf(rows)).toEqual(expect.arrayContaining(['licenses_key_trgm_idx', 'licenses_note_trgm_idx']));
    }
  });

  it('users are listed off an index and searched through the trigram index', async () => {
    const list = await plansOfPage(LIST_USERS, [appId]);
    expect(indexesOf(list.page)).toContain('users_app_created_idx');
    const search = await plansOfPage(SEARCH_USERS, [appId, `%${md5('user1234').slice(2, 9)}%`]);
    expect([...seqScans(search.page), ...seqScans(search.total)]).toEqual([]);
    expect(indexesOf(search.rows)).toContain('users_username_key_trgm_idx');
    // Counted (few matches), its page is sorted from the trigram index's matches, never walked newest first;
    // each row of the page reads its key by primary key.
    expect(indexesOf(search.page).filter((index) => index !== 'licenses_pkey')).toEqual([
      'users_username_key_trgm_idx',
    ]);
  });

  it('the audit log is read newest first off an index, with and without a type filter', async () => {
    const all = await plansOfPage(listEntries({ byActor: false, byType: false }), [appId]);
    // Newest first down the app's index, or down the one by time alone when this app holds most entries.
    expect(indexesOf(all.page).filter((name) => /^audit_log_(app_)?created_idx$/.test(name))).not.toEqual([]);
    const byType = await plansOfPage(listEntries({ byActor: false, byType: true }), [
      appId,
      'admin.user',
      'admin.user.%',
    ]);
    for (const plan of [all.page, all.total, byType.page, byType.total]) expect(seqScans(plan)).toEqual([]);
  });

  it('a user’s or a key’s entries are found through audit_log_names_idx and sorted from its matches', async () => {
    const names = [`key:${appId}:user7`, `name:${appId}:user7`];
    const search = await plansOfPage(listEntries({ byActor: false, byType: false, byNames: true }), [appId, names]);
    for (const plan of [search.page, search.total]) {
      expect(seqScans(plan)).toEqual([]);
      expect(indexesOf(plan)).toEqual(['audit_log_names_idx']);
    }
  });

  it('a webhook’s deliveries are read newest first off its index with no sort, ties on the timestamp too', async () => {
    const { page, total } = await plansOfPage(listDeliveries(false), [webhookId]);
    for (const plan of [page, total]) {
      expect(indexesOf(plan)).toContain('webhook_deliveries_webhook_idx');
      expect(nodes(plan).filter(({ node }) => node['Node Type'].endsWith('Sort'))).toEqual([]);
    }
  });

  it('a search the planner expects to match far past its bound is estimated, not counted', async () => {
    const executor = planner();
    const page = await sqlPage(executor, SEARCH_LICENSES, [...licensesIn(), '%order%'], { offset: 0, limit: 25 });
    expect(page.totalIsEstimate).toBe(true);
    expect(page.total).toBeGreaterThan(SEARCH_EXACT_TOTAL_MAX * SEARCH_ESTIMATE_ONLY_FACTOR);
    expect(executor.plans).toHaveLength(1); // the page's: no count ran
    const rare = planner();
    await sqlPage(rare, SEARCH_LICENSES, [...licensesIn(), '%giveaway%'], { offset: 0, limit: 25 });
    expect(rare.plans).toHaveLength(2);
  });

  it('stats count within the bound and read only the window of activity', async () => {
    const executor = planner();
    const { rows } = await db().query(`SELECT to_char((now() AT TIME ZONE 'UTC')::date - 29, 'YYYY-MM-DD') AS start`);
    await sqlRows(executor, COUNT_ACTIVITY_FROM, [appId, `${rows[0].start}T00:00:00Z`]);
    await sqlTotals(
      executor,
      STATS_COUNTS,
      statsCountParameters({ id: appId, sessionIdleSeconds: 1800 }),
      STATS_EXACT_MAX,
    );
    // The activity, then all six counts in one statement: each bounded, each off an index.
    expect(executor.plans).toHaveLength(2);
    expect(executor.plans.flatMap(seqScans)).toEqual([]);
    const counts = executor.plans[1]!.Plans!;
    expect(counts).toHaveLength(STATS_COUNTS.length);
    expect(counts.every(isBounded)).toBe(true);
    expect(indexesOf(executor.plans[0]!)).toEqual(
      expect.arrayContaining(['licenses_app_activated_idx', 'events_app_name_created_idx']),
    );
  });

  it('stats estimate the figures past their bound in one plan, each by its own branch', async () => {
    const parameters = statsCountParameters({ id: appId, sessionIdleSeconds: 1800 });
    const [users, sessions, unused, used, banned, expired] = await sqlTotals(
      { query: async (sql: string, p: unknown[] = []) => (await db().query(sql, p)).rows },
      STATS_COUNTS,
      parameters,
      STATS_EXACT_MAX,
    );
    expect([users, sessions, unused, used, banned, expired]).toEqual([
      { total: expect.any(Number), totalIsEstimate: true },
      { total: 0 },
      { total: expect.any(Number), totalIsEstimate: true },
      { total: 0 },
      { total: BANNED },
      { total: 0 },
    ]);
    // The planner's figures, not another branch's: about the seeded rows (its estimate, within a factor of two).
    expect(users!.total).toBeGreaterThan(USERS / 2);
    expect(users!.total).toBeLessThan(USERS * 2);
    expect(unused!.total).toBeGreaterThan((KEYS - BANNED) / 2);
  });

  it('stats read the closed days and settled hours of activity stored, and count the rows after them only', async () => {
    expect((await http('GET', `/v1/admin/apps/${appId}/stats`, { token: owner.token })).status).toBe(200);
    // Stored: every day but today, and yesterday while it closed less than an hour ago.
    const { rows: days } = await db().query<{ date: string; logins: number | null; countedUntil: Date | null }>(
      ACTIVITY_DAYS,
      [appId, 30],
    );
    const firstUncounted = days.findIndex((day) => day.logins === null);
    expect(firstUncounted).toBeGreaterThanOrEqual(28);
    expect(days.slice(firstUncounted).every((day) => day.logins === null)).toBe(true);
    const client = await db().connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${COUNT_ACTIVITY_FROM}`, [
        appId,
        (days[firstUncounted]!.countedUntil ?? new Date(`${days[firstUncounted]!.date}T00:00:00Z`)).toISOString(),
      ]);
      const plan = rows[0]['QUERY PLAN'][0].Plan as PlanNode;
      const read = nodes(plan)
        .map(({ node }) => node as PlanNode & { 'Actual Rows': number })
        .filter((node) => node['Relation Name'] === 'events')
        .reduce((sum, node) => sum + node['Actual Rows'], 0);
      // One login a minute: those after the open day's stored hours (at most two hours'), not the window's.
      expect(read).toBeLessThanOrEqual(2 * 60);
      expect(LOGINS).toBeGreaterThan(2 * 24 * 60);
      expect(indexesOf(plan)).toEqual(expect.arrayContaining(['events_app_name_created_idx']));
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});

describe('totals of a large app', () => {
  const licensesPath = (query: string) => `/v1/admin/apps/${appId}/licenses${query}`;

  it('are estimated past the exact bound, and say so', async () => {
    const res = await http('GET', licensesPath(''), { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ page: 1, limit: 25, total: expect.any(Number), totalIsEstimate: true });
    expect(res.body.meta.total).toBeGreaterThan(EXACT_TOTAL_MAX);
  });

  it('are exact within it, with no flag', async () => {
    const banned = await http('GET', licensesPath('?status=BANNED'), { token: owner.token });
    expect(banned.body.meta).toEqual({ page: 1, limit: 25, total: BANNED });
    const search = await http('GET', licensesPath('?search=giveaway'), { token: owner.token });
    expect(search.body.meta).toEqual({ page: 1, limit: 25, total: KEYS / 100 });
    expect(KEYS / 100).toBeLessThanOrEqual(SEARCH_EXACT_TOTAL_MAX);
  });

  it('in stats name the figures that are estimates', async () => {
    const res = await http('GET', `/v1/admin/apps/${appId}/stats`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.data.estimated).toEqual(['users', 'licenses.UNUSED', 'licenses.total']);
    expect(res.body.data.licenses.BANNED).toBe(BANNED);
    expect(BANNED).toBeLessThanOrEqual(STATS_EXACT_MAX);
  });
});

describe('the deep-page rule and short searches', () => {
  it(`serves pages down to ${PageLimits.rowsMax} rows and refuses deeper ones`, async () => {
    const deepest = await http('GET', `/v1/admin/apps/${appId}/licenses?page=100&limit=100`, { token: owner.token });
    expect(deepest.status).toBe(200);
    expect(deepest.body.data).toHaveLength(100);
    for (const path of ['licenses?page=101&limit=100', 'users?page=401', 'logs?page=10001&limit=1']) {
      const res = await http('GET', `/v1/admin/apps/${appId}/${path}`, { token: owner.token });
      const message = PAGE_DEPTH_MESSAGE;
      expect([res.status, res.body]).toEqual([
        400,
        { success: false, code: 'VALIDATION', message, errors: [message], fields: [{ field: 'page', message }] },
      ]);
    }
  });

  it(`refuses a search shorter than ${LicenseLimits.searchMin} characters, which no trigram index serves`, async () => {
    const res = await http('GET', `/v1/admin/apps/${appId}/licenses?search=K0`, { token: owner.token });
    const message = FieldMessage.length('search', LicenseLimits.searchMin, LicenseLimits.searchMax);
    expect([res.status, res.body.fields]).toEqual([400, [{ field: 'search', message }]]);
  });
});
