import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { API_V8_FLAGS } from '../src/node-flags.js';
import { dropDatabase, freshDatabase, startApi, testEnv, type RunningApi } from '../../../scripts/test-service.mjs';
import { eventually } from './support/eventually.js';

// API_PROCESSES=2 through cluster.js, whose primary is started without the
// API's V8 flags (as `node dist/bundle/cluster.js` by hand would be): the processes
// it forks run with them all the same.
const DATABASE = 'latchkey_cluster';
let api: RunningApi;

beforeAll(async () => {
  const env = testEnv(await freshDatabase(DATABASE), { API_PROCESSES: '2' });
  api = await startApi(env, { entry: 'bundle/cluster.js', v8Flags: false });
}, 120_000);

afterAll(async () => {
  await api?.stop();
  await dropDatabase(DATABASE);
}, 60_000);

function commandLine(pid: number): string[] {
  return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
}

function forkedPids(primary: number): number[] {
  return readFileSync(`/proc/${primary}/task/${primary}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
}

describe('cluster.js', () => {
  it('forks API_PROCESSES processes with the V8 flags its own command line lacks', async () => {
    const primary = api.child.pid!;
    for (const flag of API_V8_FLAGS) expect(commandLine(primary)).not.toContain(flag);

    const forked = await eventually(() => forkedPids(primary), {
      until: (pids) => pids.length === 2,
      what: 'two API processes',
    });
    for (const pid of forked) expect(commandLine(pid)).toEqual(expect.arrayContaining([...API_V8_FLAGS]));

    const health = await fetch(`${api.url}/health`);
    expect(health.status).toBe(200);
  });
});
