import { randomUUID } from 'node:crypto';
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AdminList, CreatedWebhook, WebhookDelivery } from '@latchkey/contracts';
import { eventually } from './eventually.js';
import { ServiceStack, type StackOwner } from './service-stack.js';

export { eventually };
export type { StackOwner };

/** One request as the receiver saw it. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body, exactly as sent (signatures are over these bytes). */
  body: string;
  /** When it arrived (Date.now()). */
  receivedAt: number;
}

/** How the receiver answers: a status (and headers, body), or `hang` to never answer. */
export type Reply = { status: number; headers?: Record<string, string>; body?: string } | 'hang';
/** Chooses the reply; a promise holds the request open until it settles. */
export type Responder = (request: ReceivedRequest, index: number) => Reply | Promise<Reply>;

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
      req.on(
        'end',
        () => void receiver.handle(req.method ?? '', req.url ?? '', req.headers, Buffer.concat(chunks), res),
      );
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

  /** The requests to `url` that carried the delivery `deliveryId`. */
  sent(url: string, deliveryId: string): ReceivedRequest[] {
    return this.to(url).filter((r) => r.headers['webhook-id'] === deliveryId);
  }

  /** Waits until the delivery `deliveryId` has been sent to `url`. */
  async arrived(url: string, deliveryId: string, timeoutMs = 30_000): Promise<void> {
    await eventually(() => this.sent(url, deliveryId).length > 0, { timeoutMs, what: `delivery ${deliveryId}` });
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(
    method: string,
    url: string,
    headers: IncomingHttpHeaders,
    body: Buffer,
    res: ServerResponse,
  ): Promise<void> {
    const request: ReceivedRequest = {
      method,
      path: url,
      headers,
      body: body.toString('utf8'),
      receivedAt: Date.now(),
    };
    const path = url.split('?')[0]!;
    const index = this.requests.filter((r) => r.path.split('?')[0] === path).length;
    this.requests.push(request);
    const reply = (await this.responders.get(path)?.(request, index)) ?? { status: 200, body: 'ok' };
    if (reply === 'hang') return;
    res.writeHead(reply.status, reply.headers).end(reply.body ?? '');
  }
}

/** A ServiceStack (an API and a worker by default) with the admin calls webhook specs make. */
export class WebhookStack extends ServiceStack {
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

  /**
   * A canary for the sweeper: a `test` delivery to the webhook written straight
   * into PostgreSQL, due an hour ago and with no job, so only the sweeper can
   * queue it. It is written one sweep interval after the call, when every
   * delivery due before the call counts as overdue; so once it has arrived, a
   * sweep has read every such delivery still pending, and queued each one it
   * did not skip.
   */
  async deliveryOnlyTheSweeperSends(owner: StackOwner, webhookId: string): Promise<string> {
    await this.db().query('SELECT pg_sleep($1::float8 / 1000)', [Number(this.env.WEBHOOK_SWEEP_INTERVAL_MS) + 100]);
    const { rows } = await this.db().query(
      `WITH event AS (
         INSERT INTO events (app_id, name, data)
         VALUES ($1::uuid, 'test', jsonb_build_object('message', 'sweeper canary', 'appId', $1::text, 'webhookId', $2::text))
         RETURNING id)
       INSERT INTO webhook_deliveries (event_id, webhook_id, next_attempt_at)
       SELECT id, $2::uuid, now() - interval '1 hour' FROM event
       RETURNING id`,
      [owner.appId, webhookId],
    );
    return rows[0].id;
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
}
