#!/usr/bin/env node
// `pnpm bench:export`: the licenses CSV export at scale. Seeds an app with
// --rows licenses (set-based SQL, then ANALYZE), starts the built API as its
// own process and times one export: time to the first byte, seconds, bytes,
// rows/s, and the API's resident memory before, at its peak during, and after.
// Reports; never fails on a figure.
//   node scripts/bench-export.mjs [--rows 1000000] [--status UNUSED] [--profile DIR]
// --profile writes a V8 CPU profile of the API process to DIR (read it with scripts/profile-summary.mjs).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { admin } from './admin-call.mjs';
import { seedLicenses } from './seed-licenses.mjs';
import { cpuMs, dropDatabase, freshDatabase, residentMiB, startApi, testEnv } from './test-service.mjs';

/** How often the API's RSS is read during the export. */
const SAMPLE_MS = 20;

/** CPU seconds (user + system) process `pid` has used: what the export cost it, however busy the machine. */
const cpuSeconds = (pid) => cpuMs(pid) / 1000;

/**
 * Times one export of the app's licenses (of `status`, when given) from the
 * API at `url`, whose process is `pid`: the rows of a two-column table
 * (first byte, seconds, rows/s, the API's CPU and resident memory).
 */
export async function timeExport({ url, token, appId, pid, status }) {
  const before = residentMiB(pid);
  const cpuBefore = cpuSeconds(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentMiB(pid));
  }, SAMPLE_MS);
  const query = status ? `?status=${status}` : '';
  const started = performance.now();
  const res = await fetch(`${url}/v1/admin/apps/${appId}/licenses/export${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`export: ${res.status}`);
  let firstByteMs;
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body) {
    firstByteMs ??= performance.now() - started;
    bytes += chunk.length;
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const after = residentMiB(pid);
  const cpu = cpuSeconds(pid) - cpuBefore;
  const exported = lines - 1;
  return [
    ['rows', exported],
    ['first byte', `${firstByteMs.toFixed(0)} ms`],
    ['seconds', seconds.toFixed(2)],
    ['MB', (bytes / 1e6).toFixed(1)],
    ['rows/s', Math.round(exported / seconds)],
    ['API CPU', `${cpu.toFixed(2)} s (${Math.round(exported / cpu)} rows per CPU second)`],
    ['API RSS before', `${before.toFixed(0)} MiB`],
    ['API RSS peak', `${peak.toFixed(0)} MiB (+${(peak - before).toFixed(0)})`],
    ['API RSS after', `${after.toFixed(0)} MiB`],
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values: args } = parseArgs({
    options: { rows: { type: 'string', default: '1000000' }, status: { type: 'string' }, profile: { type: 'string' } },
  });
  const rows = Number(args.rows);
  const database = 'latchkey_bench_export';
  const url = await freshDatabase(database);
  const api = await startApi(testEnv(url, { LOG_LEVEL: 'warn' }), {
    nodeArgs: args.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args.profile)}`] : [],
  });
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  try {
    const { accessToken } = await admin(api.url, 'POST', '/v1/admin/auth/signup', undefined, {
      email: 'bench@example.com',
      password: 'bench password long',
    });
    const me = await admin(api.url, 'GET', '/v1/admin/me', accessToken);
    const app = await admin(api.url, 'POST', '/v1/admin/apps', accessToken, { name: 'Export bench' });
    const started = performance.now();
    await seedLicenses(pool, { appId: app.appId, createdBy: me.account.id, count: rows });
    process.stdout.write(`seeded ${rows} licenses in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);

    const table = await timeExport({
      url: api.url,
      token: accessToken,
      appId: app.appId,
      pid: api.child.pid,
      status: args.status,
    });
    for (const [name, value] of table) process.stdout.write(`${name.padEnd(16)} ${value}\n`);
  } finally {
    await pool.end();
    await api.stop();
    if (!process.env.BENCH_KEEP_DATABASE) await dropDatabase(database);
  }
}
