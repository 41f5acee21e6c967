import { describe, expect, it } from '@jest/globals';
import { webhookServices } from './support/webhook-fixture.js';
import { eventually } from './support/eventually.js';

// The worker is killed in this spec, so it has a stack of its own.
const services = webhookServices('webhooks_crash', { WEBHOOK_RETRY_DELAYS: '500,500' });

describe('a worker killed mid-delivery', () => {
  it('loses nothing: the restarted worker sends the delivery again with the same webhook-id', async () => {
    const owner = await services.stack.ownerWithApp();
    const webhook = await services.stack.createWebhook(owner, { url: services.receiver.url(), events: ['user.login'] });
    // The first request is never answered: the worker is killed while it waits.
    services.receiver.respond(new URL(webhook.url).pathname, (_, index) => (index === 0 ? 'hang' : { status: 200 }));
    const deliveryId = await services.stack.sendTest(owner, webhook.id);
    await eventually(() => services.receiver.to(webhook.url).length === 1, { what: 'the first request' });
    await services.stack.killWorker();

    // Nothing was recorded for the attempt in flight.
    expect(await services.stack.delivery(owner, webhook.id, deliveryId)).toMatchObject({
      status: 'pending',
      attempts: 0,
    });

    await services.stack.startWorker();
    // BullMQ hands a job whose worker died to another worker once its lock (30 s) has expired.
    const delivery = await services.stack.settled(owner, webhook.id, deliveryId, 90_000);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 1, lastStatusCode: 200 });
    const [first, second] = services.receiver.to(webhook.url);
    expect(services.receiver.to(webhook.url)).toHaveLength(2);
    expect(second!.headers['webhook-id']).toBe(deliveryId);
    expect(first!.headers['webhook-id']).toBe(deliveryId);
    expect(second!.body).toBe(first!.body);
  }, 120_000);

  it('delivers what was recorded while no worker ran', async () => {
    const owner = await services.stack.ownerWithApp();
    const webhook = await services.stack.createWebhook(owner, { url: services.receiver.url(), events: ['user.login'] });
    await services.stack.killWorker();
    const deliveryIds = [
      await services.stack.sendTest(owner, webhook.id),
      await services.stack.sendTest(owner, webhook.id),
    ];
    await services.stack.startWorker();
    for (const id of deliveryIds) {
      expect(await services.stack.settled(owner, webhook.id, id)).toMatchObject({ status: 'succeeded', attempts: 1 });
    }
    expect(
      services.receiver
        .to(webhook.url)
        .map((r) => r.headers['webhook-id'])
        .sort(),
    ).toEqual([...deliveryIds].sort());
  }, 60_000);
});
