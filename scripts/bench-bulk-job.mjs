// Times one bulk job through the admin API, for `pnpm bench:data` (issue 25):
// starts it, polls it until it ends, and reports the wall time and the rate.
//
//   node scripts/bench-bulk-job.mjs <api url> <token> <appId> '{"type":"licenses.add-time","params":{"days":1}}'
//
// or `import { timeBulkJob } from './bench-bulk-job.mjs'` from the data bench.
import { pathToFileURL } from 'node:url';

const ENDED = new Set(['succeeded', 'failed', 'cancelled']);

/**
 * Starts the job `body` (`{ type, filter, params }` of POST .../jobs) on the
 * app and resolves when it has ended: `{ status, done, total, ms, perSecond }`.
 * `ms` runs from the request to the first poll that sees the job ended, so it
 * includes queueing and up to `pollMs` of polling.
 */
export async function timeBulkJob({ url, token, appId, body, pollMs = 100 }) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const jobs = `${url}/v1/admin/apps/${appId}/jobs`;
  const started = performance.now();
  const created = await fetch(jobs, { method: 'POST', headers, body: JSON.stringify(body) });
  if (created.status !== 201) throw new Error(`job not started: ${created.status} ${await created.text()}`);
  const { id } = (await created.json()).data;
  for (;;) {
    const job = (await (await fetch(`${jobs}/${id}`, { headers })).json()).data;
    if (ENDED.has(job.status)) {
      const ms = performance.now() - started;
      return { status: job.status, done: job.done, total: job.total, ms, perSecond: job.done / (ms / 1000) };
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [url, token, appId, body] = process.argv.slice(2);
  if (!body) {
    console.error('usage: node scripts/bench-bulk-job.mjs <api url> <token> <appId> <job body as JSON>');
    process.exit(2);
  }
  const result = await timeBulkJob({ url, token, appId, body: JSON.parse(body) });
  process.stdout.write(
    `${JSON.parse(body).type}: ${result.status}, ${result.done} of ${result.total} in ${(result.ms / 1000).toFixed(2)} s ` +
      `(${Math.round(result.perSecond)} records/s)\n`,
  );
}
