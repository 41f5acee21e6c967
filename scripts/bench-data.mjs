#!/usr/bin/env node
// `pnpm bench:data`: one app at a chosen size, seeded straight into the tables
// with set-based SQL, analyzed as production's autovacuum would, then every
// admin read timed over HTTP against the real API, then the CSV export of
// every key (time, rows/s, the API's CPU and memory) and, with a worker
// started, the bulk jobs (an import of a CSV of --import-rows new keys among them). Prints markdown tables;
// reports, never fails on a figure.
//   node scripts/bench-data.mjs [--keys 1000000] [--users 100000] [--audit 1000000] [--calls 30]
//                               [--import-rows 100000] [--database latchkey_bench_data] [--reuse] [--keep]
//                               [--reads-only] [--only stats] [--launch-day 100000]
// --reuse measures a database an earlier run seeded (with --keep) instead of seeding a fresh one (with --keep
// again to keep it after).
// --reads-only stops after the admin reads (no export, no bulk jobs, which change the data).
// --only times the reads whose name contains it; --launch-day adds that many activations and logins today to a
// fresh seed (scripts/bench-launch-day.mjs).
import { parseArgs } from 'node:util';
import pg from 'pg';
import { admin } from './admin-call.mjs';
import { IMPORT_ROWS, timeBulkJob, timeImportJob } from './bench-bulk-job.mjs';
import { timeExport } from './bench-export.mjs';
import { seedLaunchDay } from './bench-launch-day.mjs';
import { dropDatabase, freshDatabase, startApi, startWorker, testEnv } from './test-service.mjs';
import { KEY_ALPHABET, KEY_SEGMENT_LENGTH, KEY_SEGMENTS } from '../libs/contracts/dist/index.js';

const { values: args } = parseArgs({
  options: {
    keys: { type: 'string', default: '1000000' },
    users: { type: 'string', default: '100000' },
    audit: { type: 'string', default: '1000000' },
    calls: { type: 'string', default: '30' },
    'import-rows': { type: 'string', default: String(IMPORT_ROWS) },
    database: { type: 'string', default: 'latchkey_bench_data' },
    reuse: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    'reads-only': { type: 'boolean', default: false },
    only: { type: 'string', default: '' },
    'launch-day': { type: 'string', default: '0' },
  },
});

const size = { keys: Number(args.keys), users: Number(args.users), audit: Number(args.audit) };
for (const [name, value] of Object.entries(size)) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer`);
}
const importRows = Number(args['import-rows']);
if (!Number.isInteger(importRows) || importRows < 1) throw new Error('--import-rows must be a positive integer');
const CALLS = Number(args.calls);
const WARMUP_CALLS = 3;
const OWNER = { email: 'bench-data@example.com', password: 'bench password' };
const RESELLERS = 5;
/** Seeded rows go in per statement in batches of this many, so progress shows and no statement holds 1M rows. */
const BATCH = 250_000;
/** Share of the keys redeemed (each by its own user), banned, and made by a reseller. */
const USED_SHARE = 0.1;
const BANNED_SHARE = 0.01;
const RESELLER_SHARE = 0.1;
const LIVE_SESSIONS = 10_000;
/** The bulk jobs timed after the reads and the export, on the whole app. */
const BULK_JOBS = [
  { type: 'licenses.add-time', params: { days: 1 } },
  { type: 'users.extend', params: { days: 1 } },
  { type: 'users.reset-hwid' },
];
const DELIVERIES = 20_000;
const NOTE_WORDS = `alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa
  quebec romeo sierra tango uniform victor whiskey xray yankee zulu spring summer autumn winter promo bundle trial
  refund discord patreon giveaway partner reseller staff tester streamer youtube twitch order invoice gift
  annual monthly weekly lifetime premium basic gold silver bronze platinum vip beta early access`
  .split(/\s+/)
  .filter(Boolean);
const AUDIT_TYPES = [
  'client.login',
  'client.license',
  'client.register',
  'admin.license.create',
  'admin.license.ban',
  'admin.user.ban',
  'admin.user.extend',
  'admin.variable.update',
];

function log(line) {
  process.stdout.write(`${line}\n`);
}

/** SQL for a random key as the API draws them (licenses/license-key.ts): segments of the key alphabet. */
function randomKeySql() {
  const character = `substr('${KEY_ALPHABET}', 1 + floor(random() * ${KEY_ALPHABET.length})::int, 1)`;
  const segment = Array.from({ length: KEY_SEGMENT_LENGTH }, () => character).join(' || ');
  return Array.from({ length: KEY_SEGMENTS }, () => `(${segment})`).join(` || '-' || `);
}

/** SQL for a note of two to four words and an order number, as owners write them; a third of keys have none. */
function randomNoteSql(i) {
  const word = `(ARRAY[${NOTE_WORDS.map((w) => `'${w}'`).join(',')}])[1 + floor(random() * ${NOTE_WORDS.length})::int]`;
  return `CASE WHEN ${i} % 3 = 0 THEN NULL ELSE concat_ws(' ', ${word}, ${word},
    CASE WHEN random() < 0.5 THEN ${word} END, 'order ' || (10000 + ${i})::text) END`;
}

/** Runs `sql` over 1..total in batches: `$1` the batch's first and `$2` its last row number, then `parameters`. */
async function inBatches(client, label, total, sql, parameters) {
  const started = performance.now();
  for (let first = 1; first <= total; first += BATCH) {
    await client.query(sql, [first, Math.min(total, first + BATCH - 1), ...parameters]);
  }
  log(`  ${label}: ${total.toLocaleString('en')} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Seeds the app: users, keys (the first `used` redeemed by user i, then banned
 * and unused ones; a tenth made by resellers), live sessions, login events,
 * audit entries and webhook deliveries. Secondary indexes are dropped during
 * the load and built again after it, as a bulk import would.
 */
async function seed(client, { appId, ownerId, resellerIds }) {
  const used = Math.min(size.users, Math.floor(size.keys * USED_SHARE));
  const banned = Math.floor(size.keys * BANNED_SHARE);
  const tables = ['users', 'licenses', 'sessions', 'events', 'audit_log', 'webhook_deliveries'];
  const { rows: indexes } = await client.query(
    `SELECT i.indexname, i.indexdef FROM pg_indexes i
      WHERE i.schemaname = 'public' AND i.tablename = ANY($1)
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    [tables],
  );
  await client.query(`SET session_replication_role = replica`); // no FK triggers during the load
  for (const { indexname } of indexes) await client.query(`DROP INDEX "${indexname}"`);
  // Rows spread over the past year, oldest first, as a catalogue built up over time.
  const createdAt = (i, total) => `now() - interval '365 days' * (1 - (${i})::float8 / ${total})`;

  await inBatches(
    client,
    'users',
    size.users,
    `INSERT INTO users (app_id, username, username_key, password_hash, hwid, level, expires_at, banned, created_at,
                        last_login_at, last_ip)
     SELECT $3, name, lower(name), NULL, 'HWID-' || md5(i::text), 1 + i % 3, now() + (i % 60 - 10) * interval '1 day',
            i % 100 = 0, ${createdAt('i', size.users)}, now() - (i % 30) * interval '1 day',
            '10.' || (i / 65536 % 256) || '.' || (i / 256 % 256) || '.' || (i % 256)
       FROM generate_series($1::int, $2::int) i,
            LATERAL (SELECT CASE WHEN i % 2 = 0 THEN ${randomKeySql()}
                                 ELSE (ARRAY['player','gamer','neo','shadow','pixel'])[1 + i % 5] || '_' || i END AS name) n`,
    [appId],
  );
  // Users and the keys they redeemed: user number i holds key number i.
  await client.query(
    `CREATE TEMP TABLE seeded_users AS
       SELECT row_number() OVER (ORDER BY created_at, id)::int AS n, id, username, created_at FROM users WHERE app_id = $1`,
    [appId],
  );
  await client.query(`CREATE UNIQUE INDEX ON seeded_users (n)`);
  await inBatches(
    client,
    'licenses',
    size.keys,
    `INSERT INTO licenses (app_id, key, status, duration_type, level, max_devices, note, created_at, activated_at,
                          expires_at, user_id, created_by, ban_reason)
     SELECT $3, CASE WHEN u.username ~ '-' THEN u.username ELSE ${randomKeySql()} END,
            CASE WHEN i <= ${used} THEN 'USED' WHEN i <= ${used + banned} THEN 'BANNED' ELSE 'UNUSED' END,
            (ARRAY['1d','7d','30d','90d','365d','lifetime'])[1 + i % 6], 1 + i % 3, 1,
            ${randomNoteSql('i')}, ${createdAt('i', size.keys)},
            CASE WHEN u.id IS NOT NULL THEN u.created_at END,
            CASE WHEN u.id IS NOT NULL THEN u.created_at + interval '30 days' END, u.id,
            CASE WHEN i % ${Math.round(1 / RESELLER_SHARE)} = 0 THEN ($5::uuid[])[1 + i / 10 % ${resellerIds.length}]
                 ELSE $4 END,
            CASE WHEN i > ${used} AND i <= ${used + banned} THEN 'chargeback' END
       FROM generate_series($1::int, $2::int) i LEFT JOIN seeded_users u ON u.n = i AND i <= ${used}`,
    [appId, ownerId, resellerIds],
  );
  await client.query(`UPDATE users u SET license_id = l.id FROM licenses l WHERE l.user_id = u.id AND l.app_id = $1`, [
    appId,
  ]);
  await inBatches(
    client,
    'live sessions',
    Math.min(LIVE_SESSIONS, size.users),
    `INSERT INTO sessions (app_id, user_id, token_hash, ip, hwid, created_at, last_seen_at, expires_at)
     SELECT $3, u.id, sha256(('session ' || i)::bytea), '10.0.0.' || i % 256, 'HWID-' || md5(i::text),
            now() - (i % 3600) * interval '1 second', now(), now() + interval '1 day'
       FROM generate_series($1::int, $2::int) i JOIN seeded_users u ON u.n = i`,
    [appId],
  );
  // Logins over the past 60 days, oldest first, as the events table is written.
  await inBatches(
    client,
    'login events',
    size.users,
    `INSERT INTO events (app_id, name, data, created_at)
     SELECT $3, 'user.login', jsonb_build_object('username', u.username),
            now() - interval '60 days' * (1 - (i)::float8 / ${size.users})
       FROM generate_series($1::int, $2::int) i JOIN seeded_users u ON u.n = i`,
    [appId],
  );
  await inBatches(
    client,
    'audit entries',
    size.audit,
    `INSERT INTO audit_log (app_id, type, actor, ip, details, created_at)
     SELECT $3, (ARRAY[${AUDIT_TYPES.map((t) => `'${t}'`).join(',')}])[1 + i % ${AUDIT_TYPES.length}],
            CASE WHEN i % ${AUDIT_TYPES.length} < 3 THEN 'client' ELSE 'owner' END,
            '10.1.' || (i / 256 % 256) || '.' || (i % 256), jsonb_build_object('n', i), ${createdAt('i', size.audit)}
       FROM generate_series($1::int, $2::int) i`,
    [appId],
  );
  const {
    rows: [webhook],
  } = await client.query(
    `INSERT INTO webhooks (app_id, url, events, secret_sealed) VALUES ($1, 'https://hooks.example.com/latchkey',
       ARRAY['user.login'], sha256('bench webhook secret'::bytea)) RETURNING id`,
    [appId],
  );
  await client.query(
    `INSERT INTO webhook_deliveries (webhook_id, event_id, status, attempts, last_status_code, next_attempt_at,
                                     delivered_at, created_at)
     SELECT $1, e.id, 'succeeded', 1, 200, NULL, e.created_at, e.created_at
       FROM events e WHERE e.app_id = $2 ORDER BY e.created_at DESC LIMIT $3`,
    [webhook.id, appId, DELIVERIES],
  );
  const started = performance.now();
  for (const { indexdef } of indexes) await client.query(indexdef);
  log(`  indexes rebuilt in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await client.query(`RESET session_replication_role`);
  // What autovacuum's analyze would have done by now; the local server runs with autovacuum off.
  await client.query(`ANALYZE`);
  return { webhookId: webhook.id };
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Times `CALLS` calls of one read (after a few unmeasured ones) and returns p50/p95 in ms. */
async function time(base, token, pathName) {
  const call = async () => {
    const started = performance.now();
    const res = await fetch(base + pathName, { headers: { authorization: `Bearer ${token}` } });
    const body = await res.json();
    const ms = performance.now() - started;
    return { ms, status: res.status, body };
  };
  let last;
  for (let i = 0; i < WARMUP_CALLS; i += 1) last = await call();
  const times = [];
  for (let i = 0; i < CALLS; i += 1) {
    last = await call();
    times.push(last.ms);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), last };
}

/**
 * The admin reads, each a named measurement (`path` under the app; `note` for
 * what the answer said). Add rows here as more of the admin side is measured.
 */
function readMeasurements({ webhookId, keyFragment, noteWord, userFragment }) {
  return [
    { name: 'licenses, page 1', path: '/licenses' },
    { name: 'licenses, page 100 of 100', path: '/licenses?page=100&limit=100' },
    { name: 'licenses, page 5,000 of 100', path: '/licenses?page=5000&limit=100' },
    { name: 'licenses, search by a key fragment', path: `/licenses?search=${keyFragment}` },
    { name: 'licenses, search by a note word', path: `/licenses?search=${noteWord}` },
    { name: 'licenses, UNUSED', path: '/licenses?status=UNUSED' },
    { name: 'licenses, USED', path: '/licenses?status=USED' },
    { name: 'licenses, BANNED', path: '/licenses?status=BANNED' },
    { name: 'licenses, EXPIRED', path: '/licenses?status=EXPIRED' },
    { name: 'stats', path: '/stats' },
    { name: 'users, page 1', path: '/users' },
    { name: 'users, search', path: `/users?search=${userFragment}` },
    { name: 'sessions, page 1', path: '/sessions' },
    { name: 'audit log, page 1', path: '/logs' },
    { name: 'audit log, type filter', path: '/logs?type=admin.user' },
    { name: 'resellers, page 1', path: '/resellers' },
    { name: 'webhook deliveries, page 1', path: `/webhooks/${webhookId}/deliveries` },
  ];
}

function describeAnswer({ status, body }) {
  if (status !== 200) return `${status} ${body.code ?? ''}`.trim();
  if (!body.meta) return '200';
  const estimate = body.meta.totalIsEstimate ? 'about ' : '';
  return `total ${estimate}${body.meta.total.toLocaleString('en')}`;
}

async function setUp(base) {
  if (args.reuse) {
    const { accessToken } = await admin(base, 'POST', '/v1/admin/auth/login', undefined, OWNER);
    const apps = await admin(base, 'GET', '/v1/admin/apps', accessToken);
    return { accessToken, appId: apps[0].appId };
  }
  const { accessToken, account } = await admin(base, 'POST', '/v1/admin/auth/signup', undefined, OWNER);
  const app = await admin(base, 'POST', '/v1/admin/apps', accessToken, { name: 'Bench data' });
  const resellerIds = [];
  for (let i = 0; i < RESELLERS; i += 1) {
    const reseller = await admin(base, 'POST', `/v1/admin/apps/${app.appId}/resellers`, accessToken, {
      email: `reseller${i}@example.com`,
      password: 'reseller password',
      credits: 1000,
    });
    resellerIds.push(reseller.id);
  }
  return { accessToken, appId: app.appId, ownerId: account.id, resellerIds, fresh: true };
}

async function main() {
  const databaseUrl = args.reuse
    ? Object.assign(new URL(process.env.TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres'), {
        pathname: `/${args.database}`,
      }).toString()
    : await freshDatabase(args.database);
  const env = testEnv(databaseUrl, { NODE_ENV: 'production', LOG_LEVEL: 'warn' });
  const api = await startApi(env);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const setup = await setUp(api.url);
    let webhookId;
    if (setup.fresh) {
      log(
        `seeding ${size.keys.toLocaleString('en')} keys, ${size.users.toLocaleString('en')} users, ` +
          `${size.audit.toLocaleString('en')} audit entries`,
      );
      const started = performance.now();
      ({ webhookId } = await seed(db, setup));
      if (Number(args['launch-day']) > 0) await seedLaunchDay(db, setup.appId, Number(args['launch-day']));
      log(`seeded and analyzed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    } else {
      webhookId = (await db.query(`SELECT id FROM webhooks WHERE app_id = $1`, [setup.appId])).rows[0].id;
      // The seeded sessions' clients are still there: seen now, so the idle timeout has not ended them
      // (and analyzed again, as autovacuum would after that many changed rows).
      await db.query(
        `UPDATE sessions SET last_seen_at = now(), expires_at = now() + interval '1 day' WHERE app_id = $1`,
        [setup.appId],
      );
      await db.query('ANALYZE sessions');
    }
    const sample = (
      await db.query(
        `SELECT key, (SELECT username_key FROM users WHERE app_id = $1 AND username_key LIKE 'player%' LIMIT 1) AS player
           FROM licenses WHERE app_id = $1 AND status = 'UNUSED' ORDER BY key LIMIT 1`,
        [setup.appId],
      )
    ).rows[0];
    const measurements = readMeasurements({
      webhookId,
      keyFragment: sample.key.slice(6, 14),
      noteWord: 'giveaway',
      userFragment: sample.player.slice(0, 9),
    });
    const base = `${api.url}/v1/admin/apps/${setup.appId}`;
    log('');
    log(`| admin call (${size.keys.toLocaleString('en')} keys) | p50 | p95 | answer |`);
    log('|---|---|---|---|');
    for (const { name, path: pathName } of measurements.filter(({ name }) => name.includes(args.only))) {
      const { p50, p95, last } = await time(base, setup.accessToken, pathName);
      log(`| ${name} | ${p50.toFixed(1)} ms | ${p95.toFixed(1)} ms | ${describeAnswer(last)} |`);
    }

    if (args['reads-only']) return;
    log('');
    log(`| licenses CSV export, every key | |`);
    log('|---|---|');
    const exported = await timeExport({
      url: api.url,
      token: setup.accessToken,
      appId: setup.appId,
      pid: api.child.pid,
    });
    for (const [name, value] of exported) log(`| ${name} | ${value} |`);

    // Last, as they change the data the reads above measured.
    const worker = await startWorker(env);
    try {
      log('');
      log('| bulk job | records | seconds | records/s |');
      log('|---|---|---|---|');
      for (const body of BULK_JOBS) {
        const job = await timeBulkJob({ url: api.url, token: setup.accessToken, appId: setup.appId, body });
        const rate = Math.round(job.perSecond).toLocaleString('en');
        log(
          `| ${body.type} (${job.status}) | ${job.done.toLocaleString('en')} | ${(job.ms / 1000).toFixed(1)} | ${rate} |`,
        );
      }
      const importStarted = (await db.query('SELECT now() AS at')).rows[0].at;
      const imported = await timeImportJob({
        url: api.url,
        token: setup.accessToken,
        appId: setup.appId,
        rows: importRows,
      });
      log(
        `| licenses.import of a ${importRows.toLocaleString('en')}-row CSV (${imported.status}; upload ` +
          `${(imported.uploadMs / 1000).toFixed(1)} s) | ${imported.done.toLocaleString('en')} | ` +
          `${(imported.ms / 1000).toFixed(1)} | ${Math.round(imported.perSecond).toLocaleString('en')} |`,
      );
      // The imported keys go again (every seeded key is older), so a --reuse run imports into the same catalogue.
      await db.query('DELETE FROM licenses WHERE app_id = $1 AND created_at >= $2', [setup.appId, importStarted]);
      await db.query('VACUUM ANALYZE licenses');
    } finally {
      await worker.stop();
    }
  } finally {
    await db.end();
    await api.stop();
    if (!args.keep) await dropDatabase(args.database);
  }
}

await main();
