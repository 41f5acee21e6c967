import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { csvCell, type License } from '@latchkey/contracts';
import { residentMiB } from '../../../scripts/test-service.mjs';
import { seedLicenses } from '../../../scripts/seed-licenses.mjs';
import { eventually } from './support/eventually.js';
import { reportFigure } from './support/files.js';
import { ServiceStack, type StackOwner } from './support/service-stack.js';

/*
 * The streamed licenses export at a size where holding it would show (issue
 * 25), against an API process of the spec's own whose memory is read from
 * /proc while the export runs.
 */

/** 600,000 keys: about 124 MB of CSV, twice MEMORY_BOUND_MIB, so an API that held the file could not pass. */
const ROWS = 600_000;
/**
 * How far the API's resident memory may grow during the export: the issue's
 * own bound (64 MiB for a million rows). Streaming holds two batches of rows
 * and the socket's buffers (under 1 MiB) plus what V8 has not collected yet
 * (its young generation is 16 MiB per semi-space, node-flags.ts, and rows
 * the slow client kept alive past a scavenge wait in the old generation for
 * a full collection): measured +14 to +19 MiB at 300,000 rows, once +42. The
 * file itself is 118 MiB, and an API that built it in memory grew by 2.5 GiB
 * for a million rows (issue 25).
 */
const MEMORY_BOUND_MIB = 64;
/** The pool's size is 20 (data-source.ts): more aborted exports than that would exhaust it if any leaked. */
const ABORTED_EXPORTS = 25;
/** Every how many rows one is compared field by field with the API's own JSON for the key. */
const SAMPLE_EVERY = 3_001;

const FIELDS = [
  'id',
  'key',
  'appId',
  'status',
  'durationType',
  'level',
  'maxDevices',
  'prefix',
  'note',
  'createdAt',
  'activatedAt',
  'expiresAt',
  'userId',
  'createdBy',
  'banReason',
] as const satisfies ReadonlyArray<keyof License>;

let stack: ServiceStack;
let owner: StackOwner;
/** The app's license ids, oldest first (created_at, then id), as the export must list them. */
let idsInOrder: string[];
/** The rows compared with the API's JSON: spread over the export, and one of each kind of note. */
let sampleIds: Set<string>;

beforeAll(async () => {
  stack = await ServiceStack.start('export', {}, { workers: 0 });
  owner = await stack.ownerWithApp();
  const me = await stack.http('GET', '/v1/admin/me', { token: owner.token });
  await seedLicenses(stack.db(), { appId: owner.appId, createdBy: me.body.data.account.id, count: ROWS });
  const { rows } = await stack
    .db()
    .query<{ id: string }>('SELECT id FROM licenses WHERE app_id = $1 ORDER BY created_at, id', [owner.appId]);
  idsInOrder = rows.map((row) => row.id);
  const { rows: noted } = await stack
    .db()
    .query<{ id: string }>(
      `SELECT DISTINCT ON (note) id FROM licenses WHERE app_id = $1 AND note IN ('a, "quoted" note', '=HYPERLINK(1)')`,
      [owner.appId],
    );
  sampleIds = new Set([...idsInOrder.filter((_, index) => index % SAMPLE_EVERY === 0), ...noted.map((row) => row.id)]);
}, 240_000);

afterAll(async () => {
  await stack?.stop();
}, 60_000);

function exportUrl(query = ''): string {
  return `${stack.api.url}/v1/admin/apps/${owner.appId}/licenses/export${query}`;
}

function exportRequest(query = '', signal?: AbortSignal): Promise<Response> {
  return fetch(exportUrl(query), { headers: { authorization: `Bearer ${owner.token}` }, signal });
}

/** The cells of one CSV line (RFC 4180; the seeded notes hold no line breaks). */
function parseLine(line: string): string[] {
  const cells: string[] = [];
  for (let at = 0; ;) {
    if (line[at] === '"') {
      let end = at + 1;
      for (;;) {
        end = line.indexOf('"', end);
        if (line[end + 1] === '"') end += 2;
        else break;
      }
      cells.push(line.slice(at + 1, end).replaceAll('""', '"'));
      at = end + 1;
    } else {
      const comma = line.indexOf(',', at);
      cells.push(line.slice(at, comma === -1 ? line.length : comma));
      at = comma === -1 ? line.length : comma;
    }
    if (at >= line.length) return cells;
    at += 1;
  }
}

/** Calls `onLine` with each CRLF-ended line of the body as it arrives; returns how many there were. */
async function eachLine(res: Response, onLine: (line: string, index: number) => void): Promise<number> {
  const decoder = new TextDecoder();
  let pending = '';
  let index = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    pending += decoder.decode(chunk, { stream: true });
    const lines = pending.split('\r\n');
    pending = lines.pop()!;
    for (const line of lines) onLine(line, index++);
  }
  expect(pending).toBe('');
  return index;
}

/** The export queries of this spec's database that PostgreSQL is still running (a cursor left open shows here). */
async function runningExports(): Promise<number> {
  const { rows } = await stack.db().query<{ running: number }>(
    `SELECT count(*)::int AS running FROM pg_stat_activity
     WHERE datname = current_database() AND pid <> pg_backend_pid() AND state <> 'idle' AND query LIKE '%FROM licenses WHERE app_id%ORDER BY created_at ASC%'`,
  );
  return rows[0]!.running;
}

describe('licenses export at scale', () => {
  it('streams every key in order, each as its JSON has it, with the API’s memory flat', async () => {
    const pid = stack.api.child.pid!;
    // A first export warms the process (code compiled, pool connection open) before the baseline is read.
    // Only a tenth of the rows: a whole one could grow the heap to the file's size first, and an API that
    // held the file would then pass.
    const warmUp = await exportRequest('?status=BANNED');
    expect(await eachLine(warmUp, () => undefined)).toBe(ROWS / 10 + 1);

    const before = residentMiB(pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, residentMiB(pid));
    }, 10);
    const sampled = new Map<string, string>();
    let outOfOrder = 0;
    let lines: number;
    try {
      const res = await exportRequest();
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="licenses.csv"');
      lines = await eachLine(res, (line, index) => {
        if (index === 0) {
          expect(line).toBe(FIELDS.join(','));
          return;
        }
        const id = line.slice(0, line.indexOf(','));
        if (id !== idsInOrder[index - 1]) outOfOrder += 1;
        if (sampleIds.has(id)) sampled.set(id, line);
      });
    } finally {
      clearInterval(sampler);
    }

    expect(lines).toBe(ROWS + 1);
    expect(outOfOrder).toBe(0);
    reportFigure(`licenses export of ${ROWS} rows: API RSS growth ${(peak - before).toFixed(1)} MiB`);
    expect(peak - before).toBeLessThanOrEqual(MEMORY_BOUND_MIB);

    expect([...sampled.keys()].sort()).toEqual([...sampleIds].sort());
    for (const [id, line] of sampled) {
      const res = await stack.http('GET', `/v1/admin/apps/${owner.appId}/licenses/${id}`, { token: owner.token });
      const license: License = res.body.data;
      expect(line).toBe(FIELDS.map((field) => csvCell(license[field])).join(','));
    }
    // A spreadsheet reads the notes back as typed, the formula guard's quote aside.
    const notes = [...sampled.values()].map((line) => parseLine(line)[FIELDS.indexOf('note')]);
    expect(notes).toEqual(expect.arrayContaining(['a, "quoted" note', "'=HYPERLINK(1)"]));
  }, 180_000);

  it('closes the cursor and gives the connection back when the client goes away', async () => {
    const controllers = Array.from({ length: ABORTED_EXPORTS }, () => new AbortController());
    await Promise.all(
      controllers.map(async (controller) => {
        const res = await exportRequest('', controller.signal);
        expect(res.status).toBe(200);
        // Bytes have arrived, so the export is under way; then the client leaves.
        await res.body!.getReader().read();
        controller.abort();
      }),
    );

    await eventually(runningExports, { until: (running) => running === 0, what: 'no export query left running' });
    // Every connection is back: more lists at once than the pool holds all answer, and an export runs to its end.
    const lists = await Promise.all(
      Array.from({ length: ABORTED_EXPORTS }, () =>
        stack.http('GET', `/v1/admin/apps/${owner.appId}/licenses?limit=1`, { token: owner.token }),
      ),
    );
    expect(lists.map((res) => res.status)).toEqual(lists.map(() => 200));
    expect(lists[0]!.body.meta.total).toBe(ROWS);
    const banned = await exportRequest('?status=BANNED');
    expect(await eachLine(banned, () => undefined)).toBe(ROWS / 10 + 1);
  }, 120_000);
});
