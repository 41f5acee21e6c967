import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import pg from 'pg';
import {
  dropDatabase,
  freePort,
  freshDatabase,
  startApi,
  startWorker,
  testEnv,
  type RunningApi,
  type RunningProcess,
} from '../../../../scripts/test-service.mjs';
import type { AdminList, CreatedWebhook, WebhookDelivery } from '@latchkey/contracts';
import { eventually } from './eventually.js';
import { http, type HttpOptions, type HttpResult } from './http.js';

export { eventually };

/** One request as the receiver saw it. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body, exactly as sent (signatures are over these bytes). */
  body: string;
}

/** How the receiver answers: a status (and headers, body), or `hang` to never answer. */
export type Reply = { status: number; headers?: Record<string, string>; body?: string } | 'hang';
export type Responder = (request: ReceivedRequest, index: number) => Reply;

/**
 * A real HTTP server on 127.0.0.1 that records every request and answers as
 * told, so tests assert on what a webhook receiver actually gets.
 */
export class WebhookReceiver {
  readonly requests: ReceivedRequest[] = [];
  private responders = new Map<string, Responder>();

  private constructor(
    private readonly server: Server,
    readonly origin: string,
  ) {}

  static async start(): Promise<WebhookReceiver> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const receiver = new WebhookReceiver(server, `http://127.0.0.1:${port}`);
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => receiver.handle(req.method ?? '', req.url ?? '', req.headers, Buffer.concat(chunks), res));
    });
    return receiver;
  }

  /** A fresh path on this receiver; each webhook under test gets its own. */
  url(path = `/hooks/${randomUUID()}`): string {
    return this.origin + path;
  }

  /** Answers requests to `path` with `responder` (default: 200 for everything). */
  respond(path: string, responder: Responder): void {
    this.responders.set(path, responder);
  }

  to(url: string): ReceivedRequest[] {
    const path = new URL(url).pathname;
    return this.requests.filter((r) => r.path.split('?')[0] === path);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(method: string, url: string, headers: IncomingHttpHeaders, body: Buffer, res: ServerResponse): void {
    const request: ReceivedRequest = { method, path: url, headers, body: body.toString('utf8') };
    const path = url.split('?')[0]!;
    const index = this.requests.filter((r) => r.path.split('?')[0] === path).length;
    this.requests.push(request);
    const reply = this.responders.get(path)?.(request, index) ?? { status: 200, body: 'ok' };
    if (reply === 'hang') return;
    res.writeHead(reply.status, reply.headers).end(reply.body ?? '');
  }
}

export interface StackOwner {
  token: string;
  email: string;
  appId: string;
  apiKey: string;
}

/**
 * An API and a worker of their own, on a database and a queue namespace of
 * their own, so a spec can choose webhook settings (retry delays, private
 * URLs, Redis) and kill or restart processes without touching other specs.
 */
export class WebhookStack {
  private pool?: pg.Pool;
  worker?: RunningProcess;

  private constructor(
    readonly databaseName: string,
    readonly env: NodeJS.ProcessEnv,
    public api: RunningApi,
  ) {}

  static async start(name: string, settings: Record<string, string> = {}): Promise<WebhookStack> {
    const databaseName = `${process.env.LATCHKEY_TEST_DATABASE_NAME ?? 'latchkey_test'}_${name}`;
    const databaseUrl = await freshDatabase(databaseName);
    const env = testEnv(databaseUrl, {
      QUEUE_PREFIX: `${databaseName}-${randomUUID().slice(0, 8)}`,
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      WEBHOOK_SWEEP_INTERVAL_MS: '500',
      // The worker announces readiness at info level.
      LOG_LEVEL: 'info',
      ...settings,
    });
    const stack = new WebhookStack(databaseName, env, await startApi(env));
    await stack.startWorker();
    return stack;
  }

  async startWorker(): Promise<void> {
    this.worker = await startWorker(this.env);
  }

  /** Ends the worker at once, as a crash would: no shutdown hooks, jobs left active. */
  async killWorker(): Promise<void> {
    await kill(this.worker?.child);
  }

  /** Kills the API as a crash would: work in flight is lost. */
  async killApi(): Promise<void> {
    await kill(this.api.child);
  }

  async startApi(): Promise<void> {
    this.api = await startApi(this.env);
  }

  db(): pg.Pool {
    this.pool ??= new pg.Pool({ connectionString: this.env.DATABASE_URL, max: 2 });
    return this.pool;
  }

  /** The shared `http` helper, against this stack's API. */
  http<T = any>(method: string, path: string, options: Omit<HttpOptions, 'baseUrl'> = {}): Promise<HttpResult<T>> {
    return http<T>(method, path, { ...options, baseUrl: this.api.url });
  }

  /** A new owner with one app: its id and API key, and the owner's token. */
  async ownerWithApp(): Promise<StackOwner> {
    const email = `owner-${randomUUID()}@example.com`;
    const signup = await this.http('POST', '/v1/admin/auth/signup', {
      body: { email, password: 'correct horse battery' },
    });
    if (signup.status !== 201) throw new Error(`signup failed: ${signup.status} ${JSON.stringify(signup.body)}`);
    const token = signup.body.data.accessToken;
    const app = await this.http('POST', '/v1/admin/apps', { token, body: { name: 'Webhook App' } });
    if (app.status !== 201) throw new Error(`create app failed: ${app.status} ${JSON.stringify(app.body)}`);
    return { token, email, appId: app.body.data.appId, apiKey: app.body.data.apiKey };
  }

  async createWebhook(owner: StackOwner, body: { url: string; events: readonly string[] }): Promise<CreatedWebhook> {
    const res = await this.http('POST', `/v1/admin/apps/${owner.appId}/webhooks`, { token: owner.token, body });
    if (res.status !== 201) throw new Error(`create webhook failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  }

  /** Queues the `test` event to the webhook; returns the delivery id. */
  async sendTest(owner: StackOwner, webhookId: string): Promise<string> {
    const res = await this.http('POST', `/v1/admin/apps/${owner.appId}/webhooks/${webhookId}/test`, {
      token: owner.token,
    });
    if (res.status !== 200) throw new Error(`test failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data.deliveryId;
  }

  async deliveries(owner: StackOwner, webhookId: string, query = ''): Promise<AdminList<WebhookDelivery>> {
    const res = await this.http('GET', `/v1/admin/apps/${owner.appId}/webhooks/${webhookId}/deliveries${query}`, {
      token: owner.token,
    });
    if (res.status !== 200) throw new Error(`deliveries failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  async delivery(owner: StackOwner, webhookId: string, deliveryId: string): Promise<WebhookDelivery | undefined> {
    return (await this.deliveries(owner, webhookId)).data.find((d) => d.id === deliveryId);
  }

  /** Waits until the delivery has succeeded or failed, and returns it. */
  async settled(
    owner: StackOwner,
    webhookId: string,
    deliveryId: string,
    timeoutMs = 20_000,
  ): Promise<WebhookDelivery> {
    return eventually(
      async () => {
        const delivery = await this.delivery(owner, webhookId, deliveryId);
        return delivery && delivery.status !== 'pending' ? delivery : undefined;
      },
      { timeoutMs, what: `delivery ${deliveryId} to settle` },
    );
  }

  async stop(): Promise<void> {
    await Promise.all([this.api.stop(), this.worker?.stop()]);
    await this.pool?.end();
    await clearQueueKeys(this.env.REDIS_URL!, this.env.QUEUE_PREFIX!);
    await dropDatabase(this.databaseName);
  }
}

async function kill(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGKILL');
  });
}

/** Removes this stack's BullMQ keys from the shared Redis. */
async function clearQueueKeys(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } catch {
    // A Redis that is gone (a spec's own server) has nothing left to clear.
  } finally {
    redis.disconnect();
  }
}

/** A throwaway redis-server on a free port, without persistence: a restart loses everything. */
export class ThrowawayRedis {
  private child?: ChildProcess;

  private constructor(readonly port: number) {}

  static async start(): Promise<ThrowawayRedis> {
    const redis = new ThrowawayRedis(await freePort());
    await redis.start();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    this.child = child;
    await new Promise<void>((resolve, reject) => {
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)));
    });
  }

  /** Kills the server; without persistence, its data is gone. */
  async stop(): Promise<void> {
    await kill(this.child);
  }
}
