// Issue 29 item 1: Prometheus metrics. The API answers GET /metrics on
// METRICS_PORT (never on the public port), summed over its processes under
// cluster.js; the worker answers on WORKER_HEALTH_PORT. Known traffic, then a
// scrape that must count exactly that traffic.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { freePort, startApi, type RunningApi } from '../../../scripts/test-service.mjs';
import { eventually } from './support/eventually.js';
import { download, send, sha256Hex, uploadForm } from './support/files.js';
import { keyAuthSettings } from './support/keyauth.js';
import { ThrowawayRedis } from './support/throwaway-redis.js';
import { WebhookReceiver, WebhookStack, type StackOwner } from './support/webhook-receiver.js';

/** One sample of a scrape: `name{label="value",...} value`. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parseScrape(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]),
      );
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

/** The value of the sample named `name` with exactly `labels` (0 when absent: a series starts at its first event). */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.find(
    (s) =>
      s.name === name &&
      Object.keys(s.labels).length === Object.keys(labels).length &&
      Object.entries(labels).every(([key, value]) => s.labels[key] === value),
  );
  return found?.value ?? 0;
}

async function scrape(port: number): Promise<Sample[]> {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  return parseScrape(await res.text());
}

const CALLS = 'latchkey_client_request_duration_seconds_count';
const ADMIN = 'latchkey_admin_request_duration_seconds_count';
const KEYAUTH_CALLS = 'latchkey_keyauth_request_duration_seconds_count';

let redis: ThrowawayRedis;
let receiver: WebhookReceiver;
let stack: WebhookStack;
let metricsPort: number;
let workerPort: number;

beforeAll(async () => {
  metricsPort = await freePort();
  workerPort = await freePort();
  // A Redis of its own: the sign-in limit's counts (per client address) are not shared with other specs.
  redis = await ThrowawayRedis.start();
  receiver = await WebhookReceiver.start();
  stack = await WebhookStack.start('metrics', {
    REDIS_URL: redis.url,
    METRICS_PORT: String(metricsPort),
    WORKER_HEALTH_PORT: String(workerPort),
    // The default: the tests' environment raises it, and one test here reaches it.
    ADMIN_LOGIN_RATE_LIMIT_PER_MINUTE: '10',
  });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await receiver?.close();
  await redis?.stop();
}, 60_000);

describe('API metrics on METRICS_PORT', () => {
  let owner: StackOwner;
  let limited: StackOwner;

  beforeAll(async () => {
    owner = await stack.ownerWithApp();
    limited = await stack.ownerWithApp({ rateLimitPerMinute: 1 });
  }, 60_000);

  it('are not served on the public port', async () => {
    // The dashboard's page fallback may answer the path, never with metrics.
    const res = await fetch(`${stack.api.url}/metrics`);
    expect(await res.text()).not.toContain('latchkey_');
  });

  it('count client calls by type and outcome, refusals, sessions opened and evicted, and admin requests', async () => {
    const before = await scrape(metricsPort);
    const INITS = 5;
    for (let i = 0; i < INITS; i++) expect((await stack.client(owner, { type: 'init' })).status).toBe(200);
    // A type outside the contract: refused, counted as `unknown`.
    expect((await stack.client(owner, { type: 'no-such-type' })).status).toBe(400);
    // rateLimitPerMinute 1: the second attempt is refused with 429.
    expect((await stack.client(limited, { type: 'license', licenseKey: 'NO-SUCH-KEY' })).status).toBe(404);
    expect((await stack.client(limited, { type: 'license', licenseKey: 'NO-SUCH-KEY' })).status).toBe(429);
    // One device (the default max): the second key login ends the first session.
    const [key] = await stack.licenseKeys(owner, { count: 1 });
    expect((await stack.client(owner, { type: 'license', licenseKey: key })).status).toBe(200);
    expect((await stack.client(owner, { type: 'license', licenseKey: key })).status).toBe(200);
    const users = await stack.http('GET', `/v1/admin/apps/${owner.appId}/users`, { token: owner.token });
    expect(users.status).toBe(200);
    expect((await stack.http('GET', '/v1/admin/no-such-route', { token: owner.token })).status).toBe(404);

    const after = await scrape(metricsPort);
    const delta = (name: string, labels: Record<string, string> = {}) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(delta(CALLS, { type: 'init', outcome: 'ok' })).toBe(INITS);
    expect(delta(CALLS, { type: 'unknown', outcome: 'refused' })).toBe(1);
    expect(delta(CALLS, { type: 'license', outcome: 'refused' })).toBe(1);
    expect(delta(CALLS, { type: 'license', outcome: 'rate_limited' })).toBe(1);
    expect(delta(CALLS, { type: 'license', outcome: 'ok' })).toBe(2);
    expect(delta('latchkey_rate_limit_refusals_total', { limit: 'client' })).toBe(1);
    expect(delta('latchkey_sessions_opened_total')).toBe(2);
    expect(delta('latchkey_sessions_evicted_total')).toBe(1);
    const usersRoute = { route: '/v1/admin/apps/:appId/users', method: 'GET', status_class: '2xx' };
    expect(delta(ADMIN, usersRoute)).toBe(1);
    expect(delta(ADMIN, { route: 'unmatched', method: 'GET', status_class: '4xx' })).toBe(1);
    // The histogram's buckets are cumulative: the last one holds every call.
    expect(
      valueOf(after, 'latchkey_client_request_duration_seconds_bucket', { le: '+Inf', type: 'init', outcome: 'ok' }),
    ).toBe(valueOf(after, CALLS, { type: 'init', outcome: 'ok' }));
  });

  it('count KeyAuth calls by version, type and outcome (most refusals are a 200 there)', async () => {
    const settings = keyAuthSettings({ name: 'Metrics', versions: ['1.3'] });
    const saved = await stack.http('PUT', `/v1/admin/apps/${owner.appId}/keyauth`, {
      token: owner.token,
      body: settings,
    });
    expect(saved.status).toBe(200);
    const keyauth = async (fields: Record<string, string>) => {
      const form = new URLSearchParams({ ownerid: settings.ownerId, name: settings.name, ...fields });
      const res = await fetch(`${stack.api.url}/api/1.3/`, { method: 'POST', body: form });
      expect(res.status).toBe(200);
      return res.text();
    };
    const before = await scrape(metricsPort);
    expect(JSON.parse(await keyauth({ type: 'init', ver: '1.0' })).success).toBe(true);
    expect(JSON.parse(await keyauth({ type: 'check', sessionid: '0'.repeat(32) })).success).toBe(false);
    expect(JSON.parse(await keyauth({ type: 'no-such-type', sessionid: '0'.repeat(32) })).success).toBe(false);
    expect(await keyauth({ type: 'init', name: 'No such app' })).toBe('KeyAuth_Invalid');
    const after = await scrape(metricsPort);
    const delta = (labels: Record<string, string>) =>
      valueOf(after, KEYAUTH_CALLS, labels) - valueOf(before, KEYAUTH_CALLS, labels);
    expect(delta({ version: '1.3', type: 'init', outcome: 'ok' })).toBe(1);
    expect(delta({ version: '1.3', type: 'check', outcome: 'refused' })).toBe(1);
    expect(delta({ version: '1.3', type: 'other', outcome: 'refused' })).toBe(1);
    expect(delta({ version: '1.3', type: 'init', outcome: 'refused' })).toBe(1);
  });

  it("report the database pool, the event loop's lag and the process", async () => {
    const samples = await scrape(metricsPort);
    const names = new Set(samples.map((s) => s.name));
    for (const name of [
      'latchkey_db_pool_connections',
      'latchkey_db_pool_waiting',
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
    ]) {
      expect(names).toContain(name);
    }
    expect(valueOf(samples, 'latchkey_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, 'latchkey_db_pool_waiting')).toBe(0);
  });

  it('count admin sign-in refusals', async () => {
    const before = await scrape(metricsPort);
    // ADMIN_LOGIN_RATE_LIMIT_PER_MINUTE is 10 by default: the eleventh attempt is refused.
    let refused = 0;
    for (let i = 0; i < 11; i++) {
      const res = await stack.http('POST', '/v1/admin/auth/login', {
        body: { email: 'nobody@example.com', password: 'wrong password' },
      });
      if (res.status === 429) refused++;
    }
    expect(refused).toBe(1);
    const after = await scrape(metricsPort);
    expect(
      valueOf(after, 'latchkey_rate_limit_refusals_total', { limit: 'admin-sign-in' }) -
        valueOf(before, 'latchkey_rate_limit_refusals_total', { limit: 'admin-sign-in' }),
    ).toBe(1);
  });

  it('count where downloaded contents were read from, and the bytes the cache of recent ones holds', async () => {
    const content = randomBytes(100_000);
    const uploaded = await send(
      stack.api.url,
      'POST',
      `/v1/admin/apps/${owner.appId}/files`,
      owner.token,
      uploadForm(content),
    );
    expect(uploaded.status).toBe(201);
    const [key] = await stack.licenseKeys(owner, { count: 1 });
    const session = await stack.client(owner, { type: 'license', licenseKey: key });
    const downloadOnce = async () => {
      const offered = await stack.client(owner, {
        type: 'file',
        sessionToken: session.body.data.sessionToken,
        fileId: uploaded.body.data.fileId,
      });
      expect((await download(offered.body.data.url)).sha256).toBe(sha256Hex(content));
    };
    // A download is counted after its read ended, so after the read filled the cache.
    const counted = async () =>
      (await stack.db().query('SELECT downloads FROM files WHERE id = $1', [uploaded.body.data.fileId])).rows[0]
        .downloads;
    const before = await scrape(metricsPort);
    await downloadOnce();
    await eventually(counted, { until: (n) => n === 1, what: 'the first download to be counted' });
    await downloadOnce();
    const after = await scrape(metricsPort);
    const reads = (source: string) =>
      valueOf(after, 'latchkey_file_content_reads_total', { source }) -
      valueOf(before, 'latchkey_file_content_reads_total', { source });
    expect([reads('store'), reads('cache')]).toEqual([1, 1]);
    expect(valueOf(after, 'latchkey_file_cache_bytes') - valueOf(before, 'latchkey_file_cache_bytes')).toBe(
      content.length,
    );
  });
});

describe('API metrics of a cluster (API_PROCESSES=2)', () => {
  let cluster: RunningApi;
  let clusterMetricsPort: number;

  beforeAll(async () => {
    clusterMetricsPort = await freePort();
    cluster = await startApi(
      { ...stack.env, API_PROCESSES: '2', METRICS_PORT: String(clusterMetricsPort) },
      { entry: 'bundle/cluster.js' },
    );
  }, 120_000);

  afterAll(async () => {
    await cluster?.stop();
  }, 60_000);

  it('sums the processes in one scrape of the primary', async () => {
    const owner = await stack.ownerWithApp();
    const CALLS_MADE = 8;
    // Fresh connections (no keep-alive), so the kernel spreads them over both processes.
    for (let i = 0; i < CALLS_MADE; i++) {
      const res = await fetch(`${cluster.url}/v1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', connection: 'close' },
        body: JSON.stringify({ type: 'init', appId: owner.appId, apiKey: owner.apiKey }),
      });
      expect(res.status).toBe(200);
    }
    const samples = await scrape(clusterMetricsPort);
    expect(valueOf(samples, CALLS, { type: 'init', outcome: 'ok' })).toBe(CALLS_MADE);
  });
});

describe('worker metrics on WORKER_HEALTH_PORT', () => {
  it('count a delivered webhook and report the queue', async () => {
    const owner = await stack.ownerWithApp();
    const webhook = await stack.createWebhook(owner, { url: receiver.url(), events: ['user.login'] });
    const deliveryId = await stack.sendTest(owner, webhook.id);
    expect((await stack.settled(owner, webhook.id, deliveryId)).status).toBe('succeeded');
    const samples = await eventually(
      async () => {
        const scraped = await scrape(workerPort);
        return valueOf(scraped, 'latchkey_webhook_delivery_attempts_total', { outcome: 'succeeded' }) === 1
          ? scraped
          : undefined;
      },
      { timeoutMs: 10_000, what: 'the delivery to be counted' },
    );
    expect(valueOf(samples, 'latchkey_webhook_delivery_attempts_total', { outcome: 'failed' })).toBe(0);
    expect(valueOf(samples, 'latchkey_webhook_delivery_attempt_duration_seconds_count')).toBe(1);
    expect(valueOf(samples, 'latchkey_webhook_queue_jobs', { state: 'waiting' })).toBe(0);
    expect(samples.find((s) => s.name === 'latchkey_webhook_queue_jobs' && s.labels.state === 'delayed')).toBeDefined();
    expect(valueOf(samples, 'latchkey_webhook_oldest_due_delivery_seconds')).toBe(0);
    const names = new Set(samples.map((s) => s.name));
    expect(names).toContain('latchkey_db_pool_connections');
    expect(names).toContain('nodejs_eventloop_lag_seconds');
    // The API's metrics stay with the API.
    expect(names).not.toContain('latchkey_client_request_duration_seconds_count');
  }, 60_000);
});

describe('deploy/grafana/latchkey.json', () => {
  it('charts only metrics the API and the worker expose', async () => {
    const dashboard = readFileSync(path.resolve(import.meta.dirname, '../../../deploy/grafana/latchkey.json'), 'utf8');
    const charted = new Set(dashboard.match(/\b(latchkey|nodejs|process)_[a-z0-9_]+/g));
    expect(charted.size).toBeGreaterThan(10);
    const exposed = new Set([...(await scrape(metricsPort)), ...(await scrape(workerPort))].map((s) => s.name));
    for (const name of charted) expect(exposed).toContain(name);
  });
});
