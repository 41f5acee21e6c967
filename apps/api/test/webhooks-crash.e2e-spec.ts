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
    // BullMQ hands a job whose worker died to another worker once its lock (30 s) has expired and two
    // stalled-job checks (30 s apart) have seen it: up to about 90 s, with room to spare on a busy machine.
    const delivery = await services.stack.settled(owner, webhook.id, deliveryId, 150_000);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 1, lastStatusCode: 200 });
    const [first, second] = services.receiver.to(webhook.url);
    expect(services.receiver.to(webhook.url)).toHaveLength(2);
    expect(second!.headers['webhook-id']).toBe(deliveryId);
    expect(first!.headers['webhook-id']).toBe(deliveryId);
    expect(second!.body).toBe(first!.body);
  }, 180_000);

  it('whose job Redis lost too: the sweeper sends the delivery again once its claim has run out, not before', async () => {
    const owner = await services.stack.ownerWithApp();
    const webhook = await services.stack.createWebhook(owner, { url: services.receiver.url(), events: ['user.login'] });
    services.receiver.respond(new URL(webhook.url).pathname, (_, index) => (index === 0 ? 'hang' : { status: 200 }));
    const deliveryId = await services.stack.sendTest(owner, webhook.id);
    await services.receiver.arrived(webhook.url, deliveryId);
    await services.stack.killWorker();
    await services.stack.loseQueuedJobs();
    const { rows } = await services.stack
      .db()
      .query('SELECT claimed_until FROM webhook_deliveries WHERE id = $1', [deliveryId]);
    const claimedUntil = (rows[0].claimed_until as Date).getTime();

    // No job is left: only the sweeper of the restarted worker can send it, and only once the claim has ended.
    await services.stack.startWorker();
    expect(await services.stack.settled(owner, webhook.id, deliveryId, 60_000)).toMatchObject({
      status: 'succeeded',
      attempts: 1,
    });
    const [first, second, ...more] = services.receiver.sent(webhook.url, deliveryId);
    expect(more).toEqual([]);
    expect(second!.body).toBe(first!.body);
    expect(second!.receivedAt).toBeGreaterThanOrEqual(claimedUntil);
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
