import { describe, expect, it } from '@jest/globals';
import type { Reply } from './support/webhook-receiver.js';
import { webhookServices } from './support/webhook-fixture.js';
import { eventually } from './support/eventually.js';

// Restarting Redis would disturb every other suite on the shared server, so this
// spec runs its own, without persistence: a restart loses every job.
const services = webhookServices(
  'webhooks_redis',
  {
    WEBHOOK_RETRY_DELAYS: '3000,3000',
    // Long enough that a request held open by a test is never cut by the worker.
    WEBHOOK_DELIVERY_TIMEOUT_MS: '60000',
  },
  { ownRedis: true },
);

describe('a Redis restart', () => {
  it('loses no delivery: a lost retry and one committed while Redis was down are both sent', async () => {
    const owner = await services.stack.ownerWithApp();
    const webhook = await services.stack.createWebhook(owner, { url: services.receiver.url(), events: ['user.login'] });
    services.receiver.respond(new URL(webhook.url).pathname, (_, index) =>
      index === 0 ? { status: 500 } : { status: 200 },
    );

    // The first attempt fails; its retry waits 3 s as a delayed job in Redis.
    const retried = await services.stack.sendTest(owner, webhook.id);
    await eventually(async () => (await services.stack.delivery(owner, webhook.id, retried))?.attempts === 1);

    await services.redis.stop();
    // Committed while Redis is down: the API cannot queue it.
    const committed = await services.stack.sendTest(owner, webhook.id);
    await services.redis.start();

    const first = await services.stack.settled(owner, webhook.id, retried, 60_000);
    expect(first).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect(first.attemptDetails.map((a) => a.statusCode)).toEqual([500, 200]);
    expect(await services.stack.settled(owner, webhook.id, committed, 60_000)).toMatchObject({
      status: 'succeeded',
      attempts: 1,
    });
    const ids = services.receiver.to(webhook.url).map((r) => r.headers['webhook-id']);
    expect(ids.filter((id) => id === retried)).toHaveLength(2);
    expect(ids.filter((id) => id === committed)).toHaveLength(1);
  }, 120_000);

  it('sends a delivery whose API process died between commit and queueing', async () => {
    const owner = await services.stack.ownerWithApp();
    const webhook = await services.stack.createWebhook(owner, { url: services.receiver.url(), events: ['user.login'] });
    await services.redis.stop();
    const deliveryId = await services.stack.sendTest(owner, webhook.id);
    // The queueing waiting for Redis dies with the process: only the sweeper can find this delivery now.
    await services.stack.killApi();
    await services.redis.start();
    await services.stack.startApi();
    expect(await services.stack.settled(owner, webhook.id, deliveryId, 60_000)).toMatchObject({
      status: 'succeeded',
      attempts: 1,
    });
    expect(services.receiver.to(webhook.url).map((r) => r.headers['webhook-id'])).toEqual([deliveryId]);
  }, 120_000);

  it('sends a delivery in flight during the restart once: the sweeper leaves it to the attempt that claimed it', async () => {
    const owner = await services.stack.ownerWithApp();
    const webhook = await services.stack.createWebhook(owner, { url: services.receiver.url(), events: ['user.login'] });
    let answerFirst!: (reply: Reply) => void;
    const firstAnswer = new Promise<Reply>((resolve) => (answerFirst = resolve));
    services.receiver.respond(new URL(webhook.url).pathname, (_, index) =>
      index === 0 ? firstAnswer : { status: 200 },
    );
    const inFlight = await services.stack.sendTest(owner, webhook.id);
    await eventually(() => services.receiver.to(webhook.url).length === 1, { what: 'the first request' });

    // The restart loses the job in flight. Once the sweeper has sent its canary (which nothing else
    // queues) and every job has ended, a sweep has read the delivery in flight, pending and overdue, and
    // any job it queued for it has run.
    await services.redis.stop();
    await services.redis.start();
    const canary = await services.stack.deliveryOnlyTheSweeperSends(owner, webhook.id);
    await services.receiver.arrived(webhook.url, canary);
    await eventually(() => services.stack.queuedWebhookJobs(), { until: (jobs) => jobs === 0, what: 'an empty queue' });
    const sent = () => services.receiver.sent(webhook.url, inFlight);
    expect(sent()).toHaveLength(1);

    answerFirst({ status: 200 });
    expect(await services.stack.settled(owner, webhook.id, inFlight, 60_000)).toMatchObject({
      status: 'succeeded',
      attempts: 1,
    });
    expect(sent()).toHaveLength(1);
  }, 120_000);
});
