// Graceful stops (SIGTERM), as a deploy or a scale-down sends them: an API
// process replaced under load fails no request, and a worker stopped in the
// middle of a delivery finishes it first. test/webhooks-crash.e2e-spec.ts is
// the other half: a worker killed outright loses nothing either.
import { describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { request } from 'node:http';
import { promisify } from 'node:util';
import { startApi, type RunningApi } from '../../../scripts/test-service.mjs';
import { eventually } from './support/eventually.js';
import { webhookServices } from './support/webhook-fixture.js';
import type { StackOwner } from './support/webhook-receiver.js';

const run = promisify(execFile);
const services = webhookServices('lifecycle');

/** The pids of the API processes a cluster.js primary runs. */
async function apiProcesses(primary: number): Promise<number[]> {
  const { stdout } = await run('pgrep', ['-P', String(primary)]).catch(() => ({ stdout: '' }));
  return stdout.split('\n').filter(Boolean).map(Number);
}

/** An `init` call unanswered this long is counted as failed (they take milliseconds). */
const UNANSWERED_AFTER_MS = 10_000;

/**
 * One `init` call on a connection of its own (`Connection: close`): each
 * request is accepted by whichever API process takes the new connection, so
 * a failure here is a request the service accepted and then dropped or refused.
 */
function initOnFreshConnection(api: RunningApi, owner: StackOwner): Promise<number | string> {
  const body = JSON.stringify({ type: 'init', appId: owner.appId, apiKey: owner.apiKey });
  return new Promise((resolve) => {
    const req = request(
      `${api.url}/v1`,
      {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), connection: 'close' },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', (err) => resolve(err.message));
      },
    );
    req.on('error', (err) => resolve(err.message));
    // A connection the service took and never answered is a failure to report, not a test that times out.
    req.setTimeout(UNANSWERED_AFTER_MS, () => {
      resolve(`no answer within ${UNANSWERED_AFTER_MS} ms`);
      req.destroy();
    });
    req.end(body);
  });
}

describe('graceful stops', () => {
  it('replaces an API process under load with no failed request', async () => {
    const owner = await services.stack.ownerWithApp();
    const api = await startApi({ ...services.stack.env, API_PROCESSES: '2' }, { entry: 'bundle/cluster.js' });
    /** The API processes the primary reported listening: stopping the only one refuses connections until another starts. */
    const listening = (pids: number[]) =>
      pids.every((pid) => api.processLines.includes(`API process ${pid} listening`));
    try {
      const primary = api.child.pid!;
      const before = await eventually(async () => {
        const pids = await apiProcesses(primary);
        return pids.length === 2 && listening(pids) ? pids : undefined;
      });
      const outcomes: Array<number | string> = [];
      let loading = true;
      const clients = Array.from({ length: 8 }, async () => {
        while (loading) outcomes.push(await initOnFreshConnection(api, owner));
      });
      await eventually(() => outcomes.length >= 200, { what: 'load before the stop' });
      process.kill(before[0]!, 'SIGTERM');
      // The primary starts a replacement once the stopped process has exited.
      const after = await eventually(
        async () => {
          const pids = await apiProcesses(primary);
          return pids.length === 2 && !pids.includes(before[0]!) && listening(pids) ? pids : undefined;
        },
        { timeoutMs: 30_000, what: 'the replacement process' },
      );
      const countAtReplacement = outcomes.length;
      await eventually(() => outcomes.length >= countAtReplacement + 200, { what: 'load after the replacement' });
      loading = false;
      await Promise.all(clients);
      expect(after).toHaveLength(2);
      const failed = outcomes.filter((outcome) => outcome !== 200);
      expect({ requests: outcomes.length, failed }).toEqual({ requests: outcomes.length, failed: [] });
    } finally {
      await api.stop();
    }
  }, 90_000);

  it('lets a worker stopped mid-delivery finish it: sent once, recorded, the worker gone', async () => {
    const { stack, receiver } = services;
    const owner = await stack.ownerWithApp();
    const webhook = await stack.createWebhook(owner, { url: receiver.url(), events: ['user.login'] });
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    receiver.respond(new URL(webhook.url).pathname, async () => {
      await answered;
      return { status: 200 };
    });
    const deliveryId = await stack.sendTest(owner, webhook.id);
    await eventually(() => receiver.to(webhook.url).length === 1, { what: 'the request in flight' });

    const worker = stack.workers[0]!;
    const exited = new Promise<number | null>((resolve) => worker.child.once('exit', (code) => resolve(code)));
    worker.child.kill('SIGTERM');
    // Still running a second after SIGTERM: it waits for the delivery in flight instead of dropping it.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(worker.child.exitCode).toBeNull();
    answer();
    expect(await exited).toBe(0);

    // Recorded by the stopping worker itself, before it exited: no other worker runs.
    expect(await stack.delivery(owner, webhook.id, deliveryId)).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(receiver.to(webhook.url)).toHaveLength(1);
    await stack.startWorker();
  }, 60_000);
});
