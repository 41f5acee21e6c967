import { describe, expect, it } from '@jest/globals';
import { eventually } from './support/eventually.js';
import type { Reply } from './support/webhook-receiver.js';
import { webhookServices } from './support/webhook-fixture.js';

// Restarting Redis would disturb every other suite on the shared server, so
// this spec runs its own, without persistence: the restart loses every job
// and every rate-limit count. One delivery's request is held open through the
// whole outage, so the time-out is long enough never to cut it.
const services = webhookServices('faults_redis', { WEBHOOK_DELIVERY_TIMEOUT_MS: '60000' }, { ownRedis: true });

type Phase = 'before' | 'down' | 'after';

interface Answer {
  phase: Phase;
  type: string;
  outcome: string;
}

describe('a Redis restart under load', () => {
  it('keeps client calls working while Redis is down, and sends every webhook delivery afterwards, each once', async () => {
    // A limit high enough never to refuse, so every authenticating call asks the (missing) limiter.
    const app = await services.stack.ownerWithApp({ hwidLock: false, rateLimitPerMinute: 100_000 });
    const webhook = await services.stack.createWebhook(app, {
      url: services.receiver.url(),
      events: ['session.create'],
    });
    // The first delivery's request stays open until the end: in flight while Redis loses its job.
    let answerHeld!: (reply: Reply) => void;
    const heldAnswer = new Promise<Reply>((resolve) => (answerHeld = resolve));
    services.receiver.respond(new URL(webhook.url).pathname, (_, index) =>
      index === 0 ? heldAnswer : { status: 200 },
    );
    // Subscribed to an event this test never causes: it only gets the sweeper's canary.
    const canaryHook = await services.stack.createWebhook(app, {
      url: services.receiver.url(),
      events: ['license.delete'],
    });
    const variable = await services.stack.http('POST', `/v1/admin/apps/${app.appId}/variables`, {
      token: app.token,
      body: { key: 'motd', value: 'hello' },
    });
    expect(variable.status).toBe(201);
    const [key] = await services.stack.licenseKeys(app, { maxDevices: 1000 });
    const first = await services.stack.client(app, { type: 'license', licenseKey: key, hwid: 'device-first' });
    expect(first.status).toBe(200);
    const sessionToken = first.body.data.sessionToken;
    await eventually(() => services.receiver.to(webhook.url).length === 1, { what: 'the first request' });
    const held = services.receiver.to(webhook.url)[0]!.headers['webhook-id'] as string;

    // The client's mix: a login (which also opens a session and queues a delivery) and the session calls.
    const calls: Array<[string, Record<string, unknown>, string]> = [
      ['license', { type: 'license', licenseKey: key }, '200 Authenticated'],
      ['check', { type: 'check', sessionToken }, '200 Session is valid'],
      ['heartbeat', { type: 'heartbeat', sessionToken }, '200 Session alive'],
      ['var', { type: 'var', sessionToken, key: 'motd' }, '200 Variable retrieved'],
      ['init', { type: 'init' }, '200 App initialized'],
    ];
    let phase: Phase = 'before';
    let running = true;
    const answers: Answer[] = [];
    const loop = async (offset: number) => {
      for (let n = offset; running; n++) {
        const [type, fields] = calls[n % calls.length]!;
        const callPhase = phase;
        const res = await services.stack.client(app, fields);
        answers.push({ phase: callPhase, type, outcome: `${res.status} ${res.body.message}` });
      }
    };
    const loops = [loop(0), loop(2)];
    const seen = (wanted: Phase, count: number) =>
      eventually(() => answers.filter((a) => a.phase === wanted).length >= count, {
        timeoutMs: 30_000,
        what: `${count} answers ${wanted}`,
      });

    await seen('before', 10);
    await services.redis.stop();
    phase = 'down';
    await seen('down', 2 * calls.length * 2);
    await services.redis.start();
    phase = 'after';
    await seen('after', 10);
    running = false;
    await Promise.all(loops);

    const expected = new Map(calls.map(([type, , outcome]) => [type, outcome]));
    expect(answers.filter((a) => a.outcome !== expected.get(a.type))).toEqual([]);

    // The held delivery is pending and its job is gone. Once a sweep after the restart has queued the
    // canary (which nothing else queues), and every job has ended, the sweeper has had its chance to
    // queue the held one again: it must have left it to the attempt still in flight.
    const canary = await services.stack.deliveryOnlyTheSweeperSends(app, canaryHook.id);
    await services.receiver.arrived(canaryHook.url, canary);
    await eventually(() => services.stack.queuedWebhookJobs(), { until: (jobs) => jobs === 0, what: 'an empty queue' });
    expect(services.receiver.sent(webhook.url, held)).toHaveLength(1);
    answerHeld({ status: 200 });

    // Every session opened, before, during and after the outage, is announced once.
    const deliveries = await eventually(
      async () => {
        const { rows } = await services.stack
          .db()
          .query('SELECT id, status FROM webhook_deliveries WHERE webhook_id = $1', [webhook.id]);
        return rows.every((d) => d.status === 'succeeded') ? rows : undefined;
      },
      { timeoutMs: 30_000, what: 'every delivery to succeed' },
    );
    await eventually(() => services.stack.queuedWebhookJobs(), { until: (jobs) => jobs === 0, what: 'an empty queue' });
    const received = services.receiver.to(webhook.url);
    expect(received.map((r) => r.headers['webhook-id']).sort()).toEqual(deliveries.map((d) => d.id).sort());
    const { rows: sessions } = await services.stack
      .db()
      .query('SELECT id FROM sessions WHERE app_id = $1', [app.appId]);
    expect(sessions).toHaveLength(1 + answers.filter((a) => a.type === 'license').length);
    expect(received.map((r) => JSON.parse(r.body).data.sessionId).sort()).toEqual(sessions.map((s) => s.id).sort());
    expect(answers.some((a) => a.phase === 'down' && a.type === 'license')).toBe(true);
  }, 120_000);
});
