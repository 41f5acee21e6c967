#!/usr/bin/env node
// `pnpm bench:growth`: first activations as an app grows (issue 38). One app
// with --keys keys (seeded straight into licenses and analyzed, as the
// service's own generation would leave them), then --activations first
// activations through `POST /v1` (`license`, each key once) on --connections
// connections, with users and sessions starting empty and never analyzed by
// anyone but the service (autovacuum is off here). Prints the rate of each
// --step activations, the last step's rate against the first's, and
// PostgreSQL's scan counters of users and sessions before and after.
//   node scripts/bench-growth.mjs [--keys 1000000] [--activations 100000] [--connections 32] [--step 10000]
import { parseArgs } from 'node:util';
import pg from 'pg';
import { benchOwnerApp } from './admin-call.mjs';
import { seedLicenses } from './seed-licenses.mjs';
import { dropDatabase, freshDatabase, startApi, testEnv } from './test-service.mjs';

const { values: args } = parseArgs({
  options: {
    keys: { type: 'string', default: '1000000' },
    activations: { type: 'string', default: '100000' },
    connections: { type: 'string', default: '32' },
    step: { type: 'string', default: '10000' },
  },
});
const KEYS = Number(args.keys);
const ACTIVATIONS = Number(args.activations);
const CONNECTIONS = Number(args.connections);
const STEP = Number(args.step);
const DATABASE = 'latchkey_bench_growth';

function log(line) {
  process.stdout.write(`${line}\n`);
}

const SCANS = `SELECT relname, seq_scan, seq_tup_read, idx_scan, n_live_tup, analyze_count
  FROM pg_stat_user_tables WHERE relname IN ('users', 'sessions') ORDER BY relname`;

async function scans(pool) {
  // The statistics collector reports a backend's counters when its transaction ends; ask for a fresh snapshot.
  await pool.query('SELECT pg_stat_clear_snapshot()');
  return (await pool.query(SCANS)).rows;
}

function printScans(label, rows) {
  for (const row of rows) {
    log(
      `  ${label} ${row.relname.padEnd(8)} seq_scan ${String(row.seq_scan).padStart(8)}  seq_tup_read ` +
        `${String(row.seq_tup_read).padStart(12)}  idx_scan ${String(row.idx_scan).padStart(9)}  ` +
        `rows ${String(row.n_live_tup).padStart(8)}  analyzed ${row.analyze_count}x`,
    );
  }
}

async function main() {
  const databaseUrl = await freshDatabase(DATABASE);
  const api = await startApi(testEnv(databaseUrl, { NODE_ENV: 'production', LOG_LEVEL: 'warn' }));
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  try {
    const { account, app } = await benchOwnerApp(api.url, 'growth@example.com', 'Growth');
    let started = performance.now();
    await seedLicenses(pool, { appId: app.appId, createdBy: account.id, count: KEYS });
    log(`seeded ${KEYS.toLocaleString('en')} keys in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const { rows } = await pool.query(
      `SELECT key FROM licenses WHERE app_id = $1 AND status = 'UNUSED' ORDER BY created_at, key LIMIT $2`,
      [app.appId, ACTIVATIONS],
    );
    if (rows.length < ACTIVATIONS) throw new Error(`only ${rows.length} unused keys`);
    const keys = rows.map((row) => row.key);

    const before = await scans(pool);
    log('before:');
    printScans('', before);

    let next = 0;
    let completed = 0;
    let failures = 0;
    const stepEnds = [];
    started = performance.now();
    const worker = async () => {
      while (next < keys.length) {
        const licenseKey = keys[next];
        next += 1;
        const res = await fetch(`${api.url}/v1`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ type: 'license', appId: app.appId, apiKey: app.apiKey, licenseKey }),
        });
        await res.arrayBuffer();
        if (res.status !== 200) failures += 1;
        completed += 1;
        if (completed % STEP === 0) stepEnds.push(performance.now());
      }
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, worker));
    const elapsed = (performance.now() - started) / 1000;

    log(`\n${ACTIVATIONS.toLocaleString('en')} first activations in ${elapsed.toFixed(1)} s (${failures} failed)`);
    const rates = [];
    let previous = started;
    for (let i = 0; i < stepEnds.length; i++) {
      const end = stepEnds[i];
      const rate = STEP / ((end - previous) / 1000);
      rates.push(rate);
      log(
        `  activations ${(i * STEP + 1).toLocaleString('en').padStart(9)}-${((i + 1) * STEP).toLocaleString('en').padEnd(9)} ${rate.toFixed(0).padStart(6)}/s`,
      );
      previous = end;
    }
    if (rates.length >= 2) {
      log(`last step against the first: ${(rates.at(-1) / rates[0]).toFixed(2)} (target >= 0.90)`);
    }
    log('after:');
    const after = await scans(pool);
    printScans('', after);
    for (const row of after) {
      const was = before.find((b) => b.relname === row.relname);
      log(`  ${row.relname}: ${Number(row.seq_scan) - Number(was.seq_scan)} sequential scans during the run`);
    }
  } finally {
    await pool.end();
    await api.stop();
    await dropDatabase(DATABASE);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
