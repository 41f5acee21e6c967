import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';
import {
  dropDatabase,
  freshDatabase,
  startApi,
  startWorker,
  testEnv,
  type RunningApi,
  type RunningProcess,
} from '../../../../scripts/test-service.mjs';
import type { MemberRole } from '@latchkey/contracts';
import { http, type HttpOptions, type HttpResult } from './http.js';

/** The BullMQ queue of webhook deliveries (src/common/queue.module.ts). */
const WEBHOOK_QUEUE = 'webhooks';

export interface StackOwner {
  token: string;
  email: string;
  accountId: string;
  appId: string;
  apiKey: string;
}

/** An account of the stack that joined an app as a member. */
export interface StackMember {
  token: string;
  email: string;
  accountId: string;
}

export interface StackOptions {
  /** API processes (default 1), all on the stack's database and Redis. */
  apis?: number;
  /** Worker processes (default 1). */
  workers?: number;
  /** A database on a spec's own server (ThrowawayPostgres.url); default a fresh one on the shared server. */
  databaseUrl?: string;
}

/** Which API process of the stack a call goes to (default the first). */
export type StackHttpOptions = Omit<HttpOptions, 'baseUrl'> & { api?: number };

/**
 * API processes and workers of a spec's own, on a database and a queue
 * namespace of their own, so a spec can choose settings (webhook delays,
 * private URLs, its own PostgreSQL or Redis), run several processes of each
 * kind as a scaled deployment does, and kill or restart them without
 * touching other specs.
 */
export class ServiceStack {
  readonly apis: RunningApi[] = [];
  readonly workers: RunningProcess[] = [];
  private pool?: pg.Pool;

  constructor(
    readonly env: NodeJS.ProcessEnv,
    /** Set when the stack made its database on the shared server, and so drops it. */
    private readonly databaseName?: string,
  ) {}

  static async start<S extends ServiceStack>(
    this: new (env: NodeJS.ProcessEnv, databaseName?: string) => S,
    name: string,
    settings: Record<string, string> = {},
    { apis = 1, workers = 1, databaseUrl }: StackOptions = {},
  ): Promise<S> {
    const databaseName = databaseUrl
      ? undefined
      : `${process.env.LATCHKEY_TEST_DATABASE_NAME ?? 'latchkey_test'}_${name}`;
    const env = testEnv(databaseUrl ?? (await freshDatabase(databaseName!)), {
      QUEUE_PREFIX: `${databaseName ?? name}-${randomUUID().slice(0, 8)}`,
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      WEBHOOK_SWEEP_INTERVAL_MS: '500',
      // The worker announces readiness at info level.
      LOG_LEVEL: 'info',
      ...settings,
    });
    const stack = new this(env, databaseName);
    try {
      // The first API process migrates the database; the others and the workers wait on its lock.
      await Promise.all(Array.from({ length: apis }, (_, index) => stack.startApi(index)));
      await Promise.all(Array.from({ length: workers }, (_, index) => stack.startWorker(index)));
    } catch (error) {
      await stack.stop();
      throw error;
    }
    return stack;
  }

  /** The first API process. */
  get api(): RunningApi {
    return this.apis[0]!;
  }

  async startApi(index = 0): Promise<void> {
    this.apis[index] = await startApi(this.env);
  }

  /** Kills an API process as a crash would: work in flight is lost. */
  async killApi(index = 0): Promise<void> {
    await kill(this.apis[index]?.child);
  }

  async startWorker(index = 0): Promise<void> {
    this.workers[index] = await startWorker(this.env);
  }

  /** Ends a worker at once, as a crash would: no shutdown hooks, jobs left active. */
  async killWorker(index = 0): Promise<void> {
    await kill(this.workers[index]?.child);
  }

  db(): pg.Pool {
    if (!this.pool) {
      this.pool = new pg.Pool({ connectionString: this.env.DATABASE_URL, max: 2 });
      // An idle connection cut by a restart of a spec's own PostgreSQL is replaced on the next query.
      this.pool.on('error', () => undefined);
    }
    return this.pool;
  }

  /** The shared `http` helper, against one of this stack's API processes. */
  http<T = any>(method: string, path: string, { api = 0, ...options }: StackHttpOptions = {}): Promise<HttpResult<T>> {
    return http<T>(method, path, { ...options, baseUrl: this.apis[api]!.url });
  }

  /** A client call (`POST /v1` with the app's credentials) to API process `api`. */
  client<T = any>(owner: StackOwner, fields: Record<string, unknown>, api = 0): Promise<HttpResult<T>> {
    return this.http<T>('POST', '/v1', { api, body: { appId: owner.appId, apiKey: owner.apiKey, ...fields } });
  }

  /** A new owner with one app (patched with `appSettings` when given): its id and API key, and the owner's token. */
  async ownerWithApp(appSettings?: Record<string, unknown>): Promise<StackOwner> {
    const email = `owner-${randomUUID()}@example.com`;
    const signup = await this.http('POST', '/v1/admin/auth/signup', {
      body: { email, password: 'correct horse battery' },
    });
    if (signup.status !== 201) throw new Error(`signup failed: ${signup.status} ${JSON.stringify(signup.body)}`);
    const token = signup.body.data.accessToken;
    const app = await this.http('POST', '/v1/admin/apps', { token, body: { name: 'Stack App' } });
    if (app.status !== 201) throw new Error(`create app failed: ${app.status} ${JSON.stringify(app.body)}`);
    const accountId = signup.body.data.account.id;
    const owner = { token, email, accountId, appId: app.body.data.appId, apiKey: app.body.data.apiKey };
    if (appSettings) await this.patchApp(owner, appSettings);
    return owner;
  }

  /** A new account that joined the owner's app through an invitation with `role` (support/members.ts on this stack). */
  async memberOf(owner: StackOwner, role: MemberRole): Promise<StackMember> {
    const email = `member-${randomUUID()}@example.com`;
    const signup = await this.http('POST', '/v1/admin/auth/signup', {
      body: { email, password: 'correct horse battery' },
    });
    if (signup.status !== 201) throw new Error(`signup failed: ${signup.status} ${JSON.stringify(signup.body)}`);
    const member = { token: signup.body.data.accessToken, email, accountId: signup.body.data.account.id };
    const invited = await this.http('POST', `/v1/admin/apps/${owner.appId}/invitations`, {
      token: owner.token,
      body: { role },
    });
    if (invited.status !== 201) throw new Error(`invite failed: ${invited.status} ${JSON.stringify(invited.body)}`);
    const accepted = await this.http('POST', '/v1/admin/invitations/accept', {
      token: member.token,
      body: { token: invited.body.data.token },
    });
    if (accepted.status !== 200) throw new Error(`accept failed: ${accepted.status} ${JSON.stringify(accepted.body)}`);
    return member;
  }

  async patchApp(owner: StackOwner, body: Record<string, unknown>): Promise<void> {
    const res = await this.http('PATCH', `/v1/admin/apps/${owner.appId}`, { token: owner.token, body });
    if (res.status !== 200) throw new Error(`patch app failed: ${res.status} ${JSON.stringify(res.body)}`);
  }

  /** Generates license keys (at most 100 per call) through the admin API; returns their keys. */
  async licenseKeys(owner: StackOwner, fields: Record<string, unknown> = {}): Promise<string[]> {
    const res = await this.http('POST', `/v1/admin/apps/${owner.appId}/licenses`, {
      token: owner.token,
      body: { durationType: '30d', ...fields },
    });
    if (res.status !== 201) throw new Error(`create licenses failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data.map((license: { key: string }) => license.key);
  }

  /**
   * Webhook jobs waiting, delayed or running in this stack's queue. Zero once
   * every delivery has settled means no request can still be on its way.
   */
  async queuedWebhookJobs(): Promise<number> {
    const connection = new Redis(this.env.REDIS_URL!, { maxRetriesPerRequest: 1 });
    const queue = new Queue(WEBHOOK_QUEUE, { connection, prefix: this.env.QUEUE_PREFIX });
    try {
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      return Object.values(counts).reduce((sum, count) => sum + count, 0);
    } finally {
      await queue.close();
      connection.disconnect();
    }
  }

  /** Deletes this stack's BullMQ keys (its namespace only): its jobs are lost, as in a Redis restart without its data. */
  async loseQueuedJobs(): Promise<void> {
    await clearQueueKeys(this.env.REDIS_URL!, this.env.QUEUE_PREFIX!);
  }

  async stop(): Promise<void> {
    // A stack whose start failed half-way has empty slots.
    const running = [...this.apis, ...this.workers].filter((process) => process !== undefined);
    await Promise.all(running.map((process) => process.stop()));
    await this.pool?.end();
    await clearQueueKeys(this.env.REDIS_URL!, this.env.QUEUE_PREFIX!);
    if (this.databaseName) await dropDatabase(this.databaseName);
  }
}

/** Ends a process with SIGKILL, as a crash would; resolves once it has exited. */
export async function kill(child: ChildProcess | undefined): Promise<void> {
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
