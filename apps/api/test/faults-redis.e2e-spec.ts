import { describe, expect, it } from '@jest/globals';
import { eventually } from './support/eventually.js';
import { webhookServices } from './support/webhook-fixture.js';

// Restarting Redis would disturb every other suite on the shared server, so
// this spec runs its own, without persistence: the restart loses every job
// and every rate-limit count.
const services = webhookServices('faults_redis', {}, { ownRedis: true });

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
    const variable = await services.stack.http('POST', `/v1/admin/apps/${app.appId}/variables`, {
      token: app.token,
      body: { key: 'motd', value: 'hello' },
    });
    expect(variable.status).toBe(201);
    const [key] = await services.stack.licenseKeys(app, { maxDevices: 1000 });
    const first = await services.stack.client(app, { type: 'license', licenseKey: key, hwid: 'device-first' });
    expect(first.status).toBe(200);
    const sessionToken = first.body.data.sessionToken;

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
