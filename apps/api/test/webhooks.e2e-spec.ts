import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EVENT_DATA_FIELDS, EVENT_NAMES, type DeliveredEventName } from '@latchkey/contracts';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { WebhookReceiver, WebhookStack, type ReceivedRequest, type StackOwner } from './support/webhook-receiver.js';
import { eventually } from './support/eventually.js';

const ISO_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DISCORD_PATH = '/api/webhooks/123456789012345678/discord-token';
/** Three attempts, 300 ms apart: the retry rules without the contract's hours. */
const RETRY_DELAYS = '300,300';
/** The delivery time-out, short so the time-out test does not wait the interface's 10 s. */
const DELIVERY_TIMEOUT_MS = 1_000;

let receiver: WebhookReceiver;
let stack: WebhookStack;

beforeAll(async () => {
  receiver = await WebhookReceiver.start();
  stack = await WebhookStack.start('webhooks', {
    WEBHOOK_RETRY_DELAYS: RETRY_DELAYS,
    WEBHOOK_DELIVERY_TIMEOUT_MS: String(DELIVERY_TIMEOUT_MS),
    DISCORD_API_ORIGIN: receiver.origin,
  });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await receiver?.close();
}, 60_000);

type Owner = StackOwner;

async function getWebhook(owner: Owner, webhookId: string) {
  return (await stack.http('GET', `/v1/admin/apps/${owner.appId}/webhooks/${webhookId}`, { token: owner.token })).body
    .data;
}

function client(owner: Owner, type: string, fields: Record<string, unknown>) {
  return stack.http('POST', '/v1', { body: { type, appId: owner.appId, apiKey: owner.apiKey, ...fields } });
}

async function generateLicense(owner: Owner, durationType = '30d') {
  const res = await stack.http('POST', `/v1/admin/apps/${owner.appId}/licenses`, {
    token: owner.token,
    body: { durationType },
  });
  expect(res.status).toBe(201);
  return res.body.data[0] as { id: string; key: string };
}

/** Asserts the interface's headers, the Standard Webhooks headers and a valid signature. */
function expectSignedDelivery(request: ReceivedRequest, secret: string, event: DeliveredEventName) {
  expect(request.method).toBe('POST');
  expect(request.headers['content-type']).toBe('application/json');
  expect(request.headers['user-agent']).toBe('Service-Webhook/1.0');
  expect(request.headers['x-webhook-secret']).toBe(secret);
  expect(request.headers['x-webhook-event']).toBe(event);
  expect(request.headers['webhook-id']).toMatch(UUID);
  expect(Math.abs(Number(request.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
  expect(request.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
  // The reference verifier: HMAC of "id.timestamp.body" keyed with the decoded secret, within 5 minutes.
  const verified = new StandardWebhook(secret).verify(request.body, request.headers as Record<string, string>);
  expect(verified).toEqual(JSON.parse(request.body));
}

describe('webhook admin routes', () => {
  it('creates a webhook with a whsec_ secret shown once; lists and reads it without the secret', async () => {
    const owner = await stack.ownerWithApp();
    const url = receiver.url();
    const res = await stack.http('POST', `/v1/admin/apps/${owner.appId}/webhooks`, {
      token: owner.token,
      body: { url, events: ['user.login', 'user.ban', 'user.login'] },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      data: {
        id: expect.stringMatching(UUID),
        url,
        events: ['user.login', 'user.ban'],
        enabled: true,
        disabledReason: null,
        createdAt: expect.stringMatching(ISO_MS),
        secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
      },
    });
    expect(Buffer.from(res.body.data.secret.slice(6), 'base64')).toHaveLength(32);
    const { secret, ...webhook } = res.body.data;

    const list = await stack.http('GET', `/v1/admin/apps/${owner.appId}/webhooks`, { token: owner.token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ success: true, data: [webhook], meta: { page: 1, limit: 25, total: 1 } });
    expect(JSON.stringify(list.body)).not.toContain(secret.slice(6));
    expect(await getWebhook(owner, webhook.id)).toEqual(webhook);

    const { rows } = await stack.db().query('SELECT secret_sealed FROM webhooks WHERE id = $1', [webhook.id]);
    expect(Buffer.from(rows[0].secret_sealed).includes(Buffer.from(secret))).toBe(false);
  });

  it('pages the list, newest first', async () => {
    const owner = await stack.ownerWithApp();
    const ids = [];
    for (let i = 0; i < 3; i++)
      ids.push((await stack.createWebhook(owner, { url: receiver.url(), events: ['user.login'] })).id);
    const page = await stack.http('GET', `/v1/admin/apps/${owner.appId}/webhooks?page=2&limit=2`, {
      token: owner.token,
    });
    expect(page.body.meta).toEqual({ page: 2, limit: 2, total: 3 });
    expect(page.body.data.map((w: { id: string }) => w.id)).toEqual([ids[0]]);
  });

  it.each([
    [{ events: ['user.login'] }, 'url must be a string'],
    [{ url: 'ftp://example.com/x', events: ['user.login'] }, 'url must be an http or https URL'],
    [{ url: 'not a url', events: ['user.login'] }, 'url must be an http or https URL'],
    [
      { url: 'https://user:pass@example.com/x', events: ['user.login'] },
      'url must not contain a user name or password',
    ],
    [{ url: 'https://example.com/x' }, `events must be a non-empty list of: ${EVENT_NAMES.join(', ')}`],
    [{ url: 'https://example.com/x', events: [] }, `events must be a non-empty list of: ${EVENT_NAMES.join(', ')}`],
    [
      { url: 'https://example.com/x', events: 'user.login' },
      `events must be a non-empty list of: ${EVENT_NAMES.join(', ')}`,
    ],
    [
      { url: 'https://example.com/x', events: ['test'] },
      `events must be a non-empty list of: ${EVENT_NAMES.join(', ')}`,
    ],
    [
      { url: 'https://example.com/x', events: ['user.login', 'user.logout'] },
      `events must be a non-empty list of: ${EVENT_NAMES.join(', ')}`,
    ],
  ])('refuses %j with 400', async (body, message) => {
    const owner = await stack.ownerWithApp();
    const res = await stack.http('POST', `/v1/admin/apps/${owner.appId}/webhooks`, { token: owner.token, body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message });
    const list = await stack.http('GET', `/v1/admin/apps/${owner.appId}/webhooks`, { token: owner.token });
    expect(list.body.meta.total).toBe(0);
  });

  it('patches url and events, validating them; deletes', async () => {
    const owner = await stack.ownerWithApp();
    const webhook = await stack.createWebhook(owner, { url: receiver.url(), events: ['user.login'] });
    const base = `/v1/admin/apps/${owner.appId}/webhooks/${webhook.id}`;
    const newUrl = receiver.url();
    const patched = await stack.http('PATCH', base, {
      token: owner.token,
      body: { url: newUrl, events: ['license.delete', 'file.download'] },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({
      url: newUrl,
      events: ['license.delete', 'file.download'],
      enabled: true,
    });
    expect(patched.body.data.secret).toBeUndefined();
    expect((await stack.http('PATCH', base, { token: owner.token, body: { events: ['test'] } })).status).toBe(400);
    expect((await stack.http('PATCH', base, { token: owner.token, body: { url: 'gopher://x' } })).status).toBe(400);
    expect((await stack.http('PATCH', base, { token: owner.token, body: { enabled: 'yes' } })).status).toBe(400);
    expect((await getWebhook(owner, webhook.id)).events).toEqual(['license.delete', 'file.download']);

    const removed = await stack.http('DELETE', base, { token: owner.token });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ success: true, data: {} });
    expect((await stack.http('GET', base, { token: owner.token })).status).toBe(404);
  });

  it('answers 401 without a token and 404 for another owner’s app, webhook or delivery on every route', async () => {
    const owner = await stack.ownerWithApp();
    const intruder = await stack.ownerWithApp();
    const webhook = await stack.createWebhook(owner, { url: receiver.url(), events: ['user.login'] });
    const deliveryId = await stack.sendTest(owner, webhook.id);
    const routes = (appId: string) =>
      [
        ['POST', `/v1/admin/apps/${appId}/webhooks`, { url: receiver.url(), events: ['user.login'] }],
        ['GET', `/v1/admin/apps/${appId}/webhooks`],
        ['GET', `/v1/admin/apps/${appId}/webhooks/${webhook.id}`],
        ['PATCH', `/v1/admin/apps/${appId}/webhooks/${webhook.id}`, { enabled: false }],
        ['POST', `/v1/admin/apps/${appId}/webhooks/${webhook.id}/test`],
        ['GET', `/v1/admin/apps/${appId}/webhooks/${webhook.id}/deliveries`],
        ['POST', `/v1/admin/apps/${appId}/webhooks/${webhook.id}/deliveries/${deliveryId}/retry`],
        ['DELETE', `/v1/admin/apps/${appId}/webhooks/${webhook.id}`],
      ] as const;
    for (const [method, path, body] of routes(owner.appId)) {
      expect([method, path, (await stack.http(method, path, { body })).status]).toEqual([method, path, 401]);
      const res = await stack.http(method, path, { token: intruder.token, body });
      expect([method, path, res.status, res.body.success]).toEqual([method, path, 404, false]);
    }
    // The intruder's own app does not reach the owner's webhook either.
    for (const [method, path, body] of routes(intruder.appId).slice(2)) {
      const res = await stack.http(method, path, { token: intruder.token, body });
      expect([method, path, res.status]).toEqual([method, path, 404]);
    }
    const otherWebhook = await stack.createWebhook(owner, { url: receiver.url(), events: ['user.login'] });
    const wrongParent = `/v1/admin/apps/${owner.appId}/webhooks/${otherWebhook.id}/deliveries/${deliveryId}/retry`;
    expect((await stack.http('POST', wrongParent, { token: owner.token })).status).toBe(404);
    const notUuid = `/v1/admin/apps/${owner.appId}/webhooks/not-a-uuid/deliveries`;
    expect((await stack.http('GET', notUuid, { token: owner.token })).status).toBe(404);
    expect((await getWebhook(owner, webhook.id)).enabled).toBe(true);
  });

  it('records every webhook change in the audit log, never the secret', async () => {
    const owner = await stack.ownerWithApp();
    const webhook = await stack.createWebhook(owner, { url: receiver.url(), events: ['user.login'] });
    await stack.http('PATCH', `/v1/admin/apps/${owner.appId}/webhooks/${webhook.id}`, {
      token: owner.token,
      body: { enabled: false },
    });
    await stack.sendTest(owner, webhook.id);
    await stack.http('DELETE', `/v1/admin/apps/${owner.appId}/webhooks/${webhook.id}`, { token: owner.token });
    const { rows } = await stack
      .db()
      .query(
        `SELECT type, actor, details FROM audit_log WHERE app_id = $1 AND type LIKE 'admin.webhook.%' ORDER BY created_at`,
        [owner.appId],
      );
    expect(rows.map((r) => r.type)).toEqual([
      'admin.webhook.create',
      'admin.webhook.update',
      'admin.webhook.test',
      'admin.webhook.delete',
    ]);
    expect(rows.every((r) => r.actor === owner.email)).toBe(true);
    expect(rows[1].details).toEqual({ webhookId: webhook.id, enabled: false });
    expect(JSON.stringify(rows)).not.toContain(webhook.secret.slice(6));
  });
});

describe('delivery', () => {
  it('sends the test event with the interface headers, a verifiable signature and the envelope', async () => {
    const owner = await stack.ownerWithApp();
    const webhook = await stack.createWebhook(owner, { url: receiver.url(), events: ['user.login'] });
    const deliveryId = await stack.sendTest(owner, webhook.id);
    const [request] = await eventually(() => receiver.to(webhook.url).length > 0 && receiver.to(webhook.url));
    expectSignedDelivery(request!, webhook.secret, 'test');
    expect(request!.headers['webhook-id']).toBe(deliveryId);
    const envelope = JSON.parse(request!.body);
    expect(Object.keys(envelope)).toEqual(['event', 'timestamp', 'data']);
    expect(envelope).toEqual({
      event: 'test',
      timestamp: expect.stringMatching(ISO_MS),
      data: { message: 'This is a test event from Latchkey', appId: owner.appId, webhookId: webhook.id },
    });

    const delivery = await stack.settled(owner, webhook.id, deliveryId);
    expect(delivery).toEqual({
      id: deliveryId,
      event: 'test',
      status: 'succeeded',
      attempts: 1,
      lastStatusCode: 200,
      lastError: null,
      createdAt: expect.stringMatching(ISO_MS),
      deliveredAt: expect.stringMatching(ISO_MS),
      nextAttemptAt: null,
      attemptDetails: [
        {
          number: 1,
          startedAt: expect.stringMatching(ISO_MS),
          durationMs: expect.any(Number),
          statusCode: 200,
          error: null,
          responseBody: 'ok',
        },
      ],
    });
  });

  it('delivers every event of the interface with its data fields, only to subscribed, enabled webhooks', async () => {
    const owner = await stack.ownerWithApp();
    const all = await stack.createWebhook(owner, { url: receiver.url(), events: EVENT_NAMES });
    const loginsOnly = await stack.createWebhook(owner, { url: receiver.url(), events: ['user.login'] });
    const disabled = await stack.createWebhook(owner, { url: receiver.url(), events: EVENT_NAMES });
    await stack.http('PATCH', `/v1/admin/apps/${owner.appId}/webhooks/${disabled.id}`, {
      token: owner.token,
      body: { enabled: false },
    });
    const otherApp = await stack.ownerWithApp();
    const otherAppsWebhook = await stack.createWebhook(otherApp, { url: receiver.url(), events: EVENT_NAMES });

    // register -> license.activate, user.register, session.create
    const first = await generateLicense(owner);
    const registered = await client(owner, 'register', {
      username: 'alice',
      password: 'hunter22',
      licenseKey: first.key,
      hwid: 'HW-1',
    });
    expect(registered.status).toBe(200);
    const alice = registered.body.data.user.userId as string;
    // login -> user.login, session.create
    expect((await client(owner, 'login', { username: 'alice', password: 'hunter22', hwid: 'HW-1' })).status).toBe(200);
    // admin ban -> user.ban
    const ban = await stack.http('POST', `/v1/admin/apps/${owner.appId}/users/${alice}/ban`, {
      token: owner.token,
      body: { reason: 'chargeback' },
    });
    expect(ban.status).toBe(200);
    // admin delete -> license.delete
    const doomed = await generateLicense(owner);
    expect(
      (await stack.http('DELETE', `/v1/admin/apps/${owner.appId}/licenses/${doomed.id}`, { token: owner.token }))
        .status,
    ).toBe(200);
    // a user whose time ran out logs in -> license.expire (evaluated at the next use)
    const short = await generateLicense(owner, '1h');
    const bobRegistered = await client(owner, 'register', {
      username: 'bob',
      password: 'hunter22',
      licenseKey: short.key,
    });
    const bob = bobRegistered.body.data.user.userId as string;
    await stack.db().query(`UPDATE users SET expires_at = now() - interval '1 minute' WHERE id = $1`, [bob]);
    await stack.db().query(`UPDATE licenses SET expires_at = now() - interval '1 minute' WHERE id = $1`, [short.id]);
    expect((await client(owner, 'login', { username: 'bob', password: 'hunter22' })).status).toBe(403);

    const expected = {
      'license.activate': 2,
      'user.register': 2,
      'session.create': 3,
      'user.login': 1,
      'user.ban': 1,
      'license.delete': 1,
      'license.expire': 1,
    };
    const total = Object.values(expected).reduce((a, b) => a + b, 0);
    const received = await eventually(() => receiver.to(all.url).length >= total && receiver.to(all.url), {
      what: `${total} events`,
    });
    expect(received).toHaveLength(total);
    const byEvent = new Map<string, Array<Record<string, unknown>>>();
    for (const request of received) {
      const envelope = JSON.parse(request.body);
      expectSignedDelivery(request, all.secret, envelope.event);
      expect(envelope.timestamp).toMatch(ISO_MS);
      // Data fields in the documented order.
      expect(Object.keys(envelope.data)).toEqual(EVENT_DATA_FIELDS[envelope.event as DeliveredEventName]);
      byEvent.set(envelope.event, [...(byEvent.get(envelope.event) ?? []), envelope.data]);
    }
    expect(Object.fromEntries([...byEvent].map(([name, list]) => [name, list.length]))).toEqual(expected);

    const common = { appId: owner.appId };
    expect(byEvent.get('user.register')).toContainEqual({
      userId: alice,
      username: 'alice',
      licenseKey: first.key,
      ip: '127.0.0.1',
      ...common,
    });
    expect(byEvent.get('license.activate')).toContainEqual({
      licenseId: first.id,
      key: first.key,
      durationType: '30d',
      level: 1,
      activatedBy: alice,
      ...common,
    });
    expect(byEvent.get('user.login')).toEqual([
      { userId: alice, username: 'alice', ip: '127.0.0.1', hwid: 'HW-1', ...common },
    ]);
    expect(byEvent.get('session.create')).toContainEqual({
      sessionId: expect.stringMatching(UUID),
      userId: alice,
      username: 'alice',
      ip: '127.0.0.1',
      hwid: 'HW-1',
      expiresAt: expect.stringMatching(ISO_MS),
      ...common,
    });
    expect(byEvent.get('session.create')).toContainEqual(expect.objectContaining({ userId: bob, hwid: null }));
    expect(byEvent.get('user.ban')).toEqual([
      { userId: alice, username: 'alice', reason: 'chargeback', bannedBy: owner.email, ...common },
    ]);
    expect(byEvent.get('license.delete')).toEqual([
      { licenseId: doomed.id, key: doomed.key, deletedBy: owner.email, ...common },
    ]);
    expect(byEvent.get('license.expire')).toEqual([
      { licenseId: short.id, key: short.key, userId: bob, expiredAt: expect.stringMatching(ISO_MS), ...common },
    ]);

    // Subscriptions: one user.login only; a disabled webhook and another app's get nothing.
    await eventually(() => receiver.to(loginsOnly.url).length >= 1);
    expect(receiver.to(loginsOnly.url).map((r) => r.headers['x-webhook-event'])).toEqual(['user.login']);
    expect(receiver.to(disabled.url)).toEqual([]);
    expect(receiver.to(otherAppsWebhook.url)).toEqual([]);
    const { rows } = await stack
      .db()
      .query(
        `SELECT webhook_id, count(*)::int AS n FROM webhook_deliveries WHERE webhook_id = ANY ($1) GROUP BY webhook_id`,
        [[all.id, loginsOnly.id, disabled.id, otherAppsWebhook.id]],
      );
    expect(Object.fromEntries(rows.map((r) => [r.webhook_id, r.n]))).toEqual({ [all.id]: total, [loginsOnly.id]: 1 });
    // Each event went out once per webhook, each delivery with its own webhook-id.
    expect(new Set(received.map((r) => r.headers['webhook-id'])).size).toBe(total);
  });

  it('retries a failing receiver on the schedule with one webhook-id until it answers 2xx', async () => {
    const owner = await stack.ownerWithApp();
    const webhook = await stack.createWebhook(owner, { url: receiver.url(), events: ['user.login'] });
    receiver.respond(new URL(webhook.url).pathname, (_, index) =>
      index < 2 ? { status: 500, body: `failure ${index + 1}` } : { status: 204 },
    );
    const deliveryId = await stack.sendTest(owner, webhook.id);
    const delivery = await stack.settled(owner, webhook.id, deliveryId);
    const requests = receiver.to(webhook.url);
    expect(requests).toHaveLength(3);
    expect(new Set(requests.map((r) => r.headers['webhook-id']))).toEqual(new Set([deliveryId]));
    expect(new Set(requests.map((r) => r.body)).size).toBe(1);
    for (const request of requests) expectSignedDelivery(request, webhook.secret, 'test');
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 3, lastStatusCode: 204, lastError: null });
    expect(delivery.attemptDetails.map((a) => a.statusCode)).toEqual([500, 500, 204]);
    expect(delivery.attemptDetails.map((a) => a.error)).toEqual(['HTTP 500', 'HTTP 500', null]);
    expect(delivery.attemptDetails[0].responseBody).toBe('failure 1');
    // Attempt 2 came at least one scheduled delay (300 ms) after attempt 1.
    const [a1, a2] = delivery.attemptDetails.map((a) => Date.parse(a.startedAt));
    expect(a2 - a1).toBeGreaterThanOrEqual(250);
  });

  it('gives up after the last scheduled attempt; a manual retry sends it once more with the same webhook-id', async () => {
    const owner = await stack.ownerWithApp();
    const webhook = await stack.createWebhook(owner, { url: receiver.url(), events: ['user.login'] });
    const path = new URL(webhook.url).pathname;
    receiver.respond(path, () => ({ status: 502 }));
    const deliveryId = await stack.sendTest(owner, webhook.id);
    const failed = await stack.settled(owner, webhook.id, deliveryId);
    expect(failed).toMatchObject({ status: 'failed', attempts: 3, lastStatusCode: 502, lastError: 'HTTP 502' });
    expect(failed.nextAttemptAt).toBeNull();
    expect(receiver.to(webhook.url)).toHaveLength(3);
    // Failed, not disabled: a 502 says nothing about the endpoint being gone.
    expect((await getWebhook(owner, webhook.id)).enabled).toBe(true);

    receiver.respond(path, () => ({ status: 200 }));
    const retried = await stack.http(
      'POST',
      `/v1/admin/apps/${owner.appId}/webhooks/${webhook.id}/deliveries/${deliveryId}/retry`,
      { token: owner.token },
    );
    expect(retried.status).toBe(200);
    expect(retried.body.data).toMatchObject({ id: deliveryId, status: 'pending', attempts: 3 });
    const succeeded = await stack.settled(owner, webhook.id, deliveryId);
    expect(succeeded).toMatchObject({ status: 'succeeded', attempts: 4, lastStatusCode: 200 });
    expect(receiver.to(webhook.url).map((r) => r.headers['webhook-id'])).toEqual(Array(4).fill(deliveryId));

    // Listed with paging and a status filter.
    expect((await stack.deliveries(owner, webhook.id, '?status=failed')).meta.total).toBe(0);
    expect((await stack.deliveries(owner, webhook.id, '?status=succeeded')).data.map((d) => d.id)).toEqual([
      deliveryId,
    ]);
    expect(
      (
        await stack.http('GET', `/v1/admin/apps/${owner.appId}/webhooks/${webhook.id}/deliveries?status=lost`, {
          token: owner.token,
        })
      ).status,
    ).toBe(400);
  });

  it('honours Retry-After on 429 instead of the schedule', async () => {
    const owner = await stack.ownerWithApp();
    const webhook = await stack.createWebhook(owner, { url: receiver.url(), events: ['user.login'] });
    receiver.respond(new URL(webhook.url).pathname, (_, index) =>
      index === 0 ? { status: 429, headers: { 'retry-after': '2' } } : { status: 200 },
    );
    const deliveryId = await stack.sendTest(owner, webhook.id);
    const delivery = await stack.settled(owner, webhook.id, deliveryId);
    expect(delivery.status).toBe('succeeded');
    const [a1, a2] = delivery.attemptDetails.map((a) => Date.parse(a.startedAt));
    expect(a2 - a1).toBeGreaterThanOrEqual(1900);
  });

  it('does not follow redirects: a 3xx is a failure', async () => {
    const owner = await stack.ownerWithApp();
    const target = receiver.url();
    const webhook = await stack.createWebhook(owner, { url: receiver.url(), events: ['user.login'] });
    receiver.respond(new URL(webhook.url).pathname, () => ({ status: 307, headers: { location: target } }));
    const delivery = await stack.settled(owner, webhook.id, await stack.sendTest(owner, webhook.id));
    expect(delivery).toMatchObject({
      status: 'failed',
      lastStatusCode: 307,
      lastError: 'HTTP 307 (redirects are not followed)',
    });
    expect(receiver.to(target)).toEqual([]);
  });

  it('gives up on an attempt after the delivery time-out without an answer', async () => {
    const owner = await stack.ownerWithApp();
    const webhook = await stack.createWebhook(owner, { url: receiver.url(), events: ['user.login'] });
    receiver.respond(new URL(webhook.url).pathname, (_, index) => (index === 0 ? 'hang' : { status: 200 }));
    const delivery = await stack.settled(owner, webhook.id, await stack.sendTest(owner, webhook.id));
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect(delivery.attemptDetails[0]).toMatchObject({ statusCode: null, error: 'Timed out after 1 s' });
    expect(delivery.attemptDetails[0]!.durationMs).toBeGreaterThanOrEqual(DELIVERY_TIMEOUT_MS * 0.99);
    expect(delivery.attemptDetails[0]!.durationMs).toBeLessThan(DELIVERY_TIMEOUT_MS + 2_000);
  });

  it('keeps the first 2 KiB of each response', async () => {
    const owner = await stack.ownerWithApp();
    const webhook = await stack.createWebhook(owner, { url: receiver.url(), events: ['user.login'] });
    receiver.respond(new URL(webhook.url).pathname, () => ({ status: 200, body: 'é'.repeat(3000) }));
    const delivery = await stack.settled(owner, webhook.id, await stack.sendTest(owner, webhook.id));
    expect(delivery.attemptDetails[0].responseBody).toBe('é'.repeat(1024));
  });

  it('disables the webhook at once on 410, delivers nothing more, and PATCH enabled:true turns it back on', async () => {
    const owner = await stack.ownerWithApp();
    const webhook = await stack.createWebhook(owner, { url: receiver.url(), events: ['license.delete'] });
    const path = new URL(webhook.url).pathname;
    receiver.respond(path, () => ({ status: 410, body: 'gone' }));
    const delivery = await stack.settled(owner, webhook.id, await stack.sendTest(owner, webhook.id));
    expect(delivery).toMatchObject({ status: 'failed', attempts: 1, lastStatusCode: 410 });
    expect(receiver.to(webhook.url)).toHaveLength(1);
    expect(await getWebhook(owner, webhook.id)).toMatchObject({
      enabled: false,
      disabledReason: 'The receiver answered 410: the endpoint is gone',
    });

    const license = await generateLicense(owner);
    await stack.http('DELETE', `/v1/admin/apps/${owner.appId}/licenses/${license.id}`, { token: owner.token });
    expect((await stack.deliveries(owner, webhook.id)).meta.total).toBe(1);

    receiver.respond(path, () => ({ status: 200 }));
    const enabled = await stack.http('PATCH', `/v1/admin/apps/${owner.appId}/webhooks/${webhook.id}`, {
      token: owner.token,
      body: { enabled: true },
    });
    expect(enabled.body.data).toMatchObject({ enabled: true, disabledReason: null });
    const another = await generateLicense(owner);
    await stack.http('DELETE', `/v1/admin/apps/${owner.appId}/licenses/${another.id}`, { token: owner.token });
    const [request] = await eventually(
      () => receiver.to(webhook.url).length === 2 && receiver.to(webhook.url).slice(1),
    );
    expect(JSON.parse(request!.body).data).toMatchObject({ licenseId: another.id });
  });

  it('disabling a webhook fails its pending deliveries; a disabled webhook can still be tested', async () => {
    const owner = await stack.ownerWithApp();
    const webhook = await stack.createWebhook(owner, { url: receiver.url(), events: ['user.login'] });
    const path = new URL(webhook.url).pathname;
    // The receiver asks for a long pause, so the delivery is surely still pending when the webhook is disabled.
    receiver.respond(path, () => ({ status: 503, headers: { 'retry-after': '3600' } }));
    const stuck = await stack.sendTest(owner, webhook.id);
    await eventually(async () => (await stack.deliveries(owner, webhook.id)).data[0].attempts === 1);
    await stack.http('PATCH', `/v1/admin/apps/${owner.appId}/webhooks/${webhook.id}`, {
      token: owner.token,
      body: { enabled: false },
    });
    const failed = await stack.settled(owner, webhook.id, stuck);
    expect(failed).toMatchObject({ status: 'failed', lastError: 'Webhook disabled: Disabled by the owner' });
    expect(await getWebhook(owner, webhook.id)).toMatchObject({
      enabled: false,
      disabledReason: 'Disabled by the owner',
    });

    receiver.respond(path, () => ({ status: 200 }));
    const probe = await stack.settled(owner, webhook.id, await stack.sendTest(owner, webhook.id));
    expect(probe).toMatchObject({ status: 'succeeded' });
  });

  it('disables a webhook whose deliveries have all failed for 5 days', async () => {
    const owner = await stack.ownerWithApp();
    const webhook = await stack.createWebhook(owner, { url: receiver.url(), events: ['user.login'] });
    receiver.respond(new URL(webhook.url).pathname, () => ({ status: 500 }));
    const first = await stack.settled(owner, webhook.id, await stack.sendTest(owner, webhook.id));
    expect(first.status).toBe('failed');
    expect((await getWebhook(owner, webhook.id)).enabled).toBe(true);
    // The streak began 5 days and a minute ago.
    await stack
      .db()
      .query(`UPDATE webhooks SET failing_since = now() - interval '5 days 1 minute' WHERE id = $1`, [webhook.id]);
    const last = await stack.settled(owner, webhook.id, await stack.sendTest(owner, webhook.id));
    expect(last).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await getWebhook(owner, webhook.id)).toMatchObject({
      enabled: false,
      disabledReason: 'Every delivery failed for 5 days',
    });
  });

  it('a success ends the failing streak', async () => {
    const owner = await stack.ownerWithApp();
    const webhook = await stack.createWebhook(owner, { url: receiver.url(), events: ['user.login'] });
    await stack.db().query(`UPDATE webhooks SET failing_since = now() - interval '4 days' WHERE id = $1`, [webhook.id]);
    await stack.settled(owner, webhook.id, await stack.sendTest(owner, webhook.id));
    const { rows } = await stack.db().query('SELECT failing_since FROM webhooks WHERE id = $1', [webhook.id]);
    expect(rows[0].failing_since).toBeNull();
  });
});

describe('Discord webhooks', () => {
  it('posts one embed coloured by event to DISCORD_API_ORIGIN, without mentions', async () => {
    const owner = await stack.ownerWithApp();
    const url = `https://discord.com${DISCORD_PATH}?thread_id=42`;
    const webhook = await stack.createWebhook(owner, { url, events: ['user.register', 'session.create'] });
    receiver.respond(DISCORD_PATH, () => ({ status: 204 }));
    const license = await generateLicense(owner);
    await client(owner, 'register', { username: 'carol', password: 'hunter22', licenseKey: license.key });

    const requests = await eventually(() => {
      const got = receiver
        .to(receiver.origin + DISCORD_PATH)
        .filter((r) => r.headers['x-webhook-secret'] === webhook.secret);
      return got.length >= 2 && got;
    });
    const byEvent = Object.fromEntries(requests.map((r) => [r.headers['x-webhook-event'], r]));
    const register = byEvent['user.register']!;
    expect(register.path).toBe(`${DISCORD_PATH}?thread_id=42`);
    expectSignedDelivery(register, webhook.secret, 'user.register');
    const message = JSON.parse(register.body);
    expect(message).toEqual({
      embeds: [
        {
          title: 'user.register',
          color: 0x3498db,
          timestamp: expect.stringMatching(ISO_MS),
          fields: [
            { name: 'userId', value: expect.stringMatching(UUID), inline: true },
            { name: 'username', value: 'carol', inline: true },
            { name: 'licenseKey', value: license.key, inline: true },
            { name: 'ip', value: '127.0.0.1', inline: true },
            { name: 'appId', value: owner.appId, inline: true },
          ],
        },
      ],
      allowed_mentions: { parse: [] },
    });
    expect(JSON.parse(byEvent['session.create']!.body).embeds[0]).toMatchObject({
      title: 'session.create',
      color: 0x57f287,
    });
  });

  it('disables a Discord webhook that answers 404 (deleted on Discord’s side)', async () => {
    const owner = await stack.ownerWithApp();
    const path = '/api/webhooks/223456789012345678/deleted-token';
    const webhook = await stack.createWebhook(owner, { url: `https://discordapp.com${path}`, events: ['user.login'] });
    receiver.respond(path, () => ({ status: 404, body: '{"message": "Unknown Webhook", "code": 10015}' }));
    const delivery = await stack.settled(owner, webhook.id, await stack.sendTest(owner, webhook.id));
    expect(delivery).toMatchObject({ status: 'failed', attempts: 1, lastStatusCode: 404 });
    expect(JSON.parse(receiver.to(receiver.origin + path)[0]!.body).embeds[0]).toMatchObject({
      title: 'test',
      color: 0xfee75c,
    });
    expect(await getWebhook(owner, webhook.id)).toMatchObject({
      enabled: false,
      disabledReason: 'The receiver answered 404: the endpoint is gone',
    });
  });
});
