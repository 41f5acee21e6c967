import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ThrowawayRedis } from './support/throwaway-redis.js';
import { type Reply, WebhookReceiver, WebhookStack } from './support/webhook-receiver.js';
import { eventually } from './support/eventually.js';

// Restarting Redis would disturb every other suite on the shared server, so this
// spec runs its own, without persistence: a restart loses every job.
let redis: ThrowawayRedis;
let receiver: WebhookReceiver;
let stack: WebhookStack;

beforeAll(async () => {
  redis = await ThrowawayRedis.start();
  receiver = await WebhookReceiver.start();
  stack = await WebhookStack.start('webhooks_redis', {
    REDIS_URL: redis.url,
    WEBHOOK_RETRY_DELAYS: '3000,3000',
    // Long enough that a request held open by a test is never cut by the worker.
    WEBHOOK_DELIVERY_TIMEOUT_MS: '60000',
  });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await receiver?.close();
  await redis?.stop();
}, 60_000);

describe('a Redis restart', () => {
  it('loses no delivery: a lost retry and one committed while Redis was down are both sent', async () => {
    const owner = await stack.ownerWithApp();
    const webhook = await stack.createWebhook(owner, { url: receiver.url(), events: ['user.login'] });
    receiver.respond(new URL(webhook.url).pathname, (_, index) => (index === 0 ? { status: 500 } : { status: 200 }));

    // The first attempt fails; its retry waits 3 s as a delayed job in Redis.
    const retried = await stack.sendTest(owner, webhook.id);
    await eventually(async () => (await stack.delivery(owner, webhook.id, retried))?.attempts === 1);

    await redis.stop();
    // Committed while Redis is down: the API cannot queue it.
    const committed = await stack.sendTest(owner, webhook.id);
    await redis.start();

    const first = await stack.settled(owner, webhook.id, retried, 60_000);
    expect(first).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect(first.attemptDetails.map((a) => a.statusCode)).toEqual([500, 200]);
    expect(await stack.settled(owner, webhook.id, committed, 60_000)).toMatchObject({
      status: 'succeeded',
      attempts: 1,
    });
    const ids = receiver.to(webhook.url).map((r) => r.headers['webhook-id']);
    expect(ids.filter((id) => id === retried)).toHaveLength(2);
    expect(ids.filter((id) => id === committed)).toHaveLength(1);
  }, 120_000);

  it('sends a delivery whose API process died between commit and queueing', async () => {
    const owner = await stack.ownerWithApp();
    const webhook = await stack.createWebhook(owner, { url: receiver.url(), events: ['user.login'] });
    await redis.stop();
    const deliveryId = await stack.sendTest(owner, webhook.id);
    // The queueing waiting for Redis dies with the process: only the sweeper can find this delivery now.
    await stack.killApi();
    await redis.start();
    await stack.startApi();
    expect(await stack.settled(owner, webhook.id, deliveryId, 60_000)).toMatchObject({
      status: 'succeeded',
      attempts: 1,
    });
    expect(receiver.to(webhook.url).map((r) => r.headers['webhook-id'])).toEqual([deliveryId]);
  }, 120_000);

  it('sends a delivery in flight during the restart once: the sweeper leaves it to the attempt that claimed it', async () => {
    const owner = await stack.ownerWithApp();
    const webhook = await stack.createWebhook(owner, { url: receiver.url(), events: ['user.login'] });
    let answerFirst!: (reply: Reply) => void;
    const firstAnswer = new Promise<Reply>((resolve) => (answerFirst = resolve));
    receiver.respond(new URL(webhook.url).pathname, (_, index) => (index === 0 ? firstAnswer : { status: 200 }));
    const inFlight = await stack.sendTest(owner, webhook.id);
    await eventually(() => receiver.to(webhook.url).length === 1, { what: 'the first request' });

    // The restart loses the job in flight. A delivery committed meanwhile is overdue with it, so once
    // the sweeper has queued that one and the queue is empty, any job it queued for both has ended.
    await redis.stop();
    const committed = await stack.sendTest(owner, webhook.id);
    await redis.start();
    expect(await stack.settled(owner, webhook.id, committed, 60_000)).toMatchObject({ status: 'succeeded' });
    await eventually(() => stack.queuedWebhookJobs(), { until: (jobs) => jobs === 0, what: 'an empty queue' });
    const sent = () => receiver.to(webhook.url).filter((r) => r.headers['webhook-id'] === inFlight);
    expect(sent()).toHaveLength(1);

    answerFirst({ status: 200 });
    expect(await stack.settled(owner, webhook.id, inFlight, 60_000)).toMatchObject({
      status: 'succeeded',
      attempts: 1,
    });
    expect(sent()).toHaveLength(1);
  }, 120_000);
});
