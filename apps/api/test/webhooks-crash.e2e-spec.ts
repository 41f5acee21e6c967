import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { WebhookReceiver, WebhookStack } from './support/webhook-receiver.js';
import { eventually } from './support/eventually.js';

// The worker is killed in this spec, so it has a stack of its own.
let receiver: WebhookReceiver;
let stack: WebhookStack;

beforeAll(async () => {
  receiver = await WebhookReceiver.start();
  stack = await WebhookStack.start('webhooks_crash', { WEBHOOK_RETRY_DELAYS: '500,500' });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await receiver?.close();
}, 60_000);

describe('a worker killed mid-delivery', () => {
  it('loses nothing: the restarted worker sends the delivery again with the same webhook-id', async () => {
    const owner = await stack.ownerWithApp();
    const webhook = await stack.createWebhook(owner, { url: receiver.url(), events: ['user.login'] });
    // The first request is never answered: the worker is killed while it waits.
    receiver.respond(new URL(webhook.url).pathname, (_, index) => (index === 0 ? 'hang' : { status: 200 }));
    const deliveryId = await stack.sendTest(owner, webhook.id);
    await eventually(() => receiver.to(webhook.url).length === 1, { what: 'the first request' });
    await stack.killWorker();

    // Nothing was recorded for the attempt in flight.
    expect(await stack.delivery(owner, webhook.id, deliveryId)).toMatchObject({ status: 'pending', attempts: 0 });

    await stack.startWorker();
    // BullMQ hands a job whose worker died to another worker once its lock (30 s) has expired.
    const delivery = await stack.settled(owner, webhook.id, deliveryId, 90_000);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 1, lastStatusCode: 200 });
    const [first, second] = receiver.to(webhook.url);
    expect(receiver.to(webhook.url)).toHaveLength(2);
    expect(second!.headers['webhook-id']).toBe(deliveryId);
    expect(first!.headers['webhook-id']).toBe(deliveryId);
    expect(second!.body).toBe(first!.body);
  }, 120_000);

  it('delivers what was recorded while no worker ran', async () => {
    const owner = await stack.ownerWithApp();
    const webhook = await stack.createWebhook(owner, { url: receiver.url(), events: ['user.login'] });
    await stack.killWorker();
    const deliveryIds = [await stack.sendTest(owner, webhook.id), await stack.sendTest(owner, webhook.id)];
    await stack.startWorker();
    for (const id of deliveryIds) {
      expect(await stack.settled(owner, webhook.id, id)).toMatchObject({ status: 'succeeded', attempts: 1 });
    }
    expect(
      receiver
        .to(webhook.url)
        .map((r) => r.headers['webhook-id'])
        .sort(),
    ).toEqual([...deliveryIds].sort());
  }, 60_000);
});
