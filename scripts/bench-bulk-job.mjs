// Times one bulk job through the admin API, for `pnpm bench:data` (issue 25):
// starts it, polls it until it ends, and reports the wall time and the rate.
//
//   node scripts/bench-bulk-job.mjs <api url> <token> <appId> '{"type":"licenses.add-time","params":{"days":1}}'
//   node scripts/bench-bulk-job.mjs <api url> <token> <appId> import [rows, 100000 unless given]
//
// or `import { timeBulkJob, timeImportJob } from './bench-bulk-job.mjs'` from the data bench.
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { KEY_ALPHABET, KEY_SEGMENT_LENGTH, KEY_SEGMENTS } from '../libs/contracts/dist/index.js';

const ENDED = new Set(['succeeded', 'failed', 'cancelled']);
/** Rows of the CSV an import is timed with unless told otherwise. */
export const IMPORT_ROWS = 100_000;
const DURATIONS = ['1d', '7d', '30d', '90d', '365d', 'lifetime'];

/**
 * Starts the job `body` (`{ type, filter, params }` of POST .../jobs) on the
 * app and resolves when it has ended: `{ status, done, total, ms, perSecond }`.
 * `ms` runs from the request to the first poll that sees the job ended, so it
 * includes queueing and up to `pollMs` of polling.
 */
export async function timeBulkJob({ url, token, appId, body, pollMs = 100 }) {
  const started = performance.now();
  const created = await fetch(jobsUrl(url, appId), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return untilEnded({ url, token, appId, created, started, pollMs });
}

/**
 * Uploads a CSV of `rows` new keys (key, level, duration, note; random keys
 * drawn as the API draws them) to POST .../jobs/import, as the console's
 * "Bulk actions" page does, and resolves when the import has ended, as
 * timeBulkJob does; `uploadMs` is the part spent answering the upload.
 */
export async function timeImportJob({ url, token, appId, rows = IMPORT_ROWS, pollMs = 100 }) {
  const form = new FormData();
  form.append('file', new Blob([importCsv(rows)], { type: 'text/csv' }), 'keys.csv');
  const started = performance.now();
  const created = await fetch(`${jobsUrl(url, appId)}/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const uploadMs = performance.now() - started;
  return { ...(await untilEnded({ url, token, appId, created, started, pollMs })), uploadMs };
}

function jobsUrl(url, appId) {
  return `${url}/v1/admin/apps/${appId}/jobs`;
}

async function untilEnded({ url, token, appId, created, started, pollMs }) {
  if (created.status !== 201) throw new Error(`job not started: ${created.status} ${await created.text()}`);
  const { id } = (await created.json()).data;
  for (;;) {
    const res = await fetch(`${jobsUrl(url, appId)}/${id}`, { headers: { authorization: `Bearer ${token}` } });
    const job = (await res.json()).data;
    if (ENDED.has(job.status)) {
      const ms = performance.now() - started;
      return { status: job.status, done: job.done, total: job.total, ms, perSecond: job.done / (ms / 1000) };
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/** A CSV of `rows` random keys in the API's format, with a level, a duration and, for two rows in three, a note. */
function importCsv(rows) {
  const lines = ['key,level,duration,note'];
  const characters = KEY_SEGMENTS * KEY_SEGMENT_LENGTH;
  for (let i = 0; i < rows; i += 1) {
    const bytes = randomBytes(characters);
    const segments = [];
    for (let s = 0; s < KEY_SEGMENTS; s += 1) {
      let segment = '';
      for (let c = 0; c < KEY_SEGMENT_LENGTH; c += 1) {
        segment += KEY_ALPHABET[bytes[s * KEY_SEGMENT_LENGTH + c] % KEY_ALPHABET.length];
      }
      segments.push(segment);
    }
    const note = i % 3 === 0 ? '' : `imported order ${100000 + i}`;
    lines.push(`${segments.join('-')},${1 + (i % 5)},${DURATIONS[i % DURATIONS.length]},${note}`);
  }
  return `${lines.join('\n')}\n`;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [url, token, appId, body, rows] = process.argv.slice(2);
  if (!body) {
    console.error(
      'usage: node scripts/bench-bulk-job.mjs <api url> <token> <appId> <job body as JSON | import [rows]>',
    );
    process.exit(2);
  }
  const importing = body === 'import';
  const result = importing
    ? await timeImportJob({ url, token, appId, rows: rows ? Number(rows) : IMPORT_ROWS })
    : await timeBulkJob({ url, token, appId, body: JSON.parse(body) });
  process.stdout.write(
    `${importing ? 'licenses.import' : JSON.parse(body).type}: ${result.status}, ${result.done} of ${result.total} ` +
      `in ${(result.ms / 1000).toFixed(2)} s (${Math.round(result.perSecond)} records/s)\n`,
  );
}
