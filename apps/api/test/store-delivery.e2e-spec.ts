// Issue 42, delivery to the buyer: the order email through a real SMTP server (sent, refused and retried,
// failed with its error, resent, swept after a lost job), the signed order page (works; tampered, expired
// and foreign tokens 404), the store's return redirect, and email off without SMTP_URL.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes, randomUUID } from 'node:crypto';
import { ownerWithApp } from './factories/index.js';
import { closeDb, http, patchApp } from './support/api.js';
import { eventually } from './support/eventually.js';
import { ServiceStack, type StackOwner } from './support/service-stack.js';
import { SmtpSink, orderToken } from './support/smtp-sink.js';
import { connectStore, genericHeaders, mapProduct, postGeneric, storePath } from './support/store.js';

const SMTP_PASSWORD = 'smtp-pass-9f3Kq2';
const sink = new SmtpSink();
let stack: ServiceStack;
let owner: StackOwner;
let connection: { id: string; signingSecret: string | null };
const logs: string[] = [];

beforeAll(async () => {
  const port = await sink.listen();
  stack = await ServiceStack.start('delivery', {
    SMTP_URL: `smtp://mailer:${SMTP_PASSWORD}@127.0.0.1:${port}`,
    MAIL_FROM: 'Shop <shop@example.com>',
    PUBLIC_URL: 'https://shop.example.com',
    MAIL_RETRY_DELAYS: '200,200',
    MAIL_SWEEP_INTERVAL_MS: '500',
  });
  for (const child of [stack.api.child, stack.workers[0]!.child]) {
    child.stdout!.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  }
  owner = await stack.ownerWithApp({ rateLimitPerMinute: 0 });
  await stack.patchApp(owner, { name: 'Rocket Tools', updateUrl: 'https://rocket.example.com/download' });
  const made = await stack.http('POST', `/v1/admin/apps/${owner.appId}/store/connections`, {
    token: owner.token,
    body: { provider: 'generic', name: 'Own checkout' },
  });
  connection = made.body.data;
  const mapped = await stack.http('POST', `/v1/admin/apps/${owner.appId}/store/connections/${connection.id}/products`, {
    token: owner.token,
    body: {
      externalId: 'rocket-pro',
      name: 'Rocket Pro',
      durationType: '30d',
      renewalUrl: 'https://rocket.example.com/buy',
    },
  });
  expect(mapped.status).toBe(201);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await sink.close();
  await closeDb();
});

const randomOrderId = () => `ord_${randomBytes(18).toString('base64url')}`;

async function buy(email: string | null, orderId = randomOrderId(), quantity = 2) {
  const event = {
    id: `evt_${randomUUID()}`,
    type: 'purchase',
    orderId,
    productId: 'rocket-pro',
    quantity,
    amount: 2500,
    currency: 'USD',
    ...(email ? { email } : {}),
  };
  const res = await postGeneric(connection, event, stack.api.url);
  expect(res.status).toBe(200);
  const keys: string[] = res.body.data.keys;
  const listed = await stack.http(
    'GET',
    `/v1/admin/apps/${owner.appId}/store/orders?search=${encodeURIComponent(orderId)}`,
    {
      token: owner.token,
    },
  );
  return { orderId: listed.body.data[0].id as string, externalId: orderId, keys };
}

const order = async (id: string) =>
  (await stack.http('GET', `/v1/admin/apps/${owner.appId}/store/orders/${id}`, { token: owner.token })).body.data;

describe('the order email', () => {
  it('reaches the buyer through SMTP with the app, product, keys, download and order page links', async () => {
    const { orderId, keys } = await buy('Buyer.One@example.com');
    expect(keys).toHaveLength(2);
    const [mail] = await eventually(() => sink.mailsTo('buyer.one@example.com'), {
      until: (mails) => mails.length === 1,
      what: 'the order email',
    });
    expect(mail!.from).toBe('shop@example.com');
    expect(mail!.user).toBe('mailer');
    expect(mail!.raw).toMatch(/^Subject: Your keys for Rocket Tools: Rocket Pro/m);
    for (const key of keys) expect(mail!.raw).toContain(key);
    expect(mail!.raw).toContain('https://rocket.example.com/download');
    expect(mail!.raw).toContain('https://rocket.example.com/buy');
    const link = /https:\/\/shop\.example\.com\/order\/([A-Za-z0-9_-]{43})/.exec(mail!.raw);
    expect(link).not.toBeNull();
    const page = await stack.http('GET', `/store/orders/${link![1]}`);
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({ appName: 'Rocket Tools', productName: 'Rocket Pro', keys, status: 'paid' });
    expect(new Date(page.body.data.expiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    await eventually(() => order(orderId), { until: (o) => o.emailStatus === 'sent', what: 'email sent' });
    expect((await order(orderId)).emailError).toBeNull();
  });

  it('retries a refused email, then shows it failed with the server’s answer; a resend sends it', async () => {
    sink.refuse('nobody@example.com', 'No such user here');
    const { orderId, keys } = await buy('nobody@example.com', undefined, 1);
    const failed = await eventually(() => order(orderId), {
      until: (o) => o.emailStatus === 'failed',
      what: 'email failed',
    });
    expect(failed.emailError).toMatch(/550.*No such user here/);
    expect(sink.attempts.get('nobody@example.com')).toBe(3);
    expect(sink.mailsTo('nobody@example.com')).toHaveLength(0);

    sink.refuse('nobody@example.com', '');
    const resent = await stack.http('POST', `/v1/admin/apps/${owner.appId}/store/orders/${orderId}/email`, {
      token: owner.token,
    });
    expect(resent.status).toBe(202);
    const [mail] = await eventually(() => sink.mailsTo('nobody@example.com'), { until: (m) => m.length === 1 });
    expect(mail!.raw).toMatch(/^Subject: Your key for Rocket Tools: Rocket Pro/m);
    expect(mail!.raw).toContain(keys[0]);
    await eventually(() => order(orderId), { until: (o) => o.emailStatus === 'sent' && o.emailError === null });
  });

  it('is sent by the sweeper when its job was lost, once', async () => {
    await stack.killWorker();
    const { orderId } = await buy('swept@example.com', undefined, 1);
    expect((await order(orderId)).emailStatus).toBe('pending');
    await stack.loseQueuedJobs();
    await stack.startWorker();
    stack.workers[0]!.child.stdout!.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
    await eventually(() => order(orderId), { until: (o) => o.emailStatus === 'sent', what: 'swept email sent' });
    expect(sink.mailsTo('swept@example.com')).toHaveLength(1);
  });

  it('is off for an order without a buyer email; resend says why', async () => {
    const { orderId } = await buy(null, undefined, 1);
    expect((await order(orderId)).emailStatus).toBe('off');
    const resent = await stack.http('POST', `/v1/admin/apps/${owner.appId}/store/orders/${orderId}/email`, {
      token: owner.token,
    });
    expect(resent.status).toBe(409);
    expect(resent.body.code).toBe('ORDER_NO_BUYER_EMAIL');
  });

  it('never logs a key, the SMTP password or a link token', async () => {
    const { keys } = await buy('logs@example.com', undefined, 1);
    await eventually(() => sink.mailsTo('logs@example.com'), { until: (m) => m.length === 1 });
    const text = logs.join('');
    expect(text).not.toContain(SMTP_PASSWORD);
    expect(text).not.toContain(keys[0]);
    expect(text).not.toMatch(/\/order\/[A-Za-z0-9_-]{43}/);
  });
});

describe('the order page', () => {
  it('opens from the console’s link; tampered, expired, foreign and malformed tokens are 404', async () => {
    const { orderId, keys } = await buy('page@example.com', undefined, 1);
    const made = await stack.http('POST', `/v1/admin/apps/${owner.appId}/store/orders/${orderId}/link`, {
      token: owner.token,
    });
    expect(made.status).toBe(200);
    const { url, expiresAt } = made.body.data;
    expect(url).toMatch(/^https:\/\/shop\.example\.com\/order\/[A-Za-z0-9_-]{43}$/);
    const hours = (new Date(expiresAt).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24.01);
    const token = url.split('/').pop();
    const page = await stack.http('GET', `/store/orders/${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.body.data).toMatchObject({
      appName: 'Rocket Tools',
      keys,
      downloadUrl: 'https://rocket.example.com/download',
      renewalUrl: 'https://rocket.example.com/buy',
    });

    const key = stack.env.MASTER_KEY!;
    const now = Math.floor(Date.now() / 1000);
    expect((await stack.http('GET', `/store/orders/${orderToken(key, orderId, now + 600)}`)).status).toBe(200);
    const bytes = Buffer.from(token, 'base64url');
    bytes[5]! ^= 1;
    const dead = [
      bytes.toString('base64url'),
      orderToken(key, orderId, now - 1),
      orderToken(Buffer.alloc(32, 1).toString('base64'), orderId, now + 600),
      orderToken(key, randomUUID(), now + 600),
      'not-a-token',
    ];
    for (const bad of dead) {
      const res = await stack.http('GET', `/store/orders/${bad}`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });

  it('shows a refunded order’s status', async () => {
    const { orderId, externalId } = await buy(null, undefined, 1);
    const refund = { id: `evt_${randomUUID()}`, type: 'refund', orderId: externalId, reason: 'requested_by_customer' };
    expect((await postGeneric(connection, refund, stack.api.url)).status).toBe(200);
    const token = orderToken(stack.env.MASTER_KEY!, orderId, Math.floor(Date.now() / 1000) + 600);
    expect((await stack.http('GET', `/store/orders/${token}`)).body.data.status).toBe('refunded');
  });

  it('is reached from the store’s return: processing until the event, then a redirect to a 24 h link', async () => {
    const externalId = randomOrderId();
    const back = (id = connection.id, ref = externalId) =>
      fetch(`${stack.api.url}/store/return/${id}?order=${encodeURIComponent(ref)}`, { redirect: 'manual' });
    const early = await back();
    expect(early.status).toBe(200);
    expect(early.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await early.text()).toContain('Processing your order');
    const { keys } = await buy(null, externalId, 1);
    const later = await back();
    expect(later.status).toBe(303);
    const location = String(later.headers.get('location'));
    expect(location).toMatch(/^https:\/\/shop\.example\.com\/order\/[A-Za-z0-9_-]{43}$/);
    const page = await stack.http('GET', `/store/orders/${location.split('/').pop()}`);
    expect(page.body.data.keys).toEqual(keys);
    expect((await back(connection.id, '123')).status).toBe(404);
    expect((await back(randomUUID())).status).toBe(404);
  });
});

describe('without SMTP_URL (the shared API)', () => {
  const { owner: plainOwner, app } = ownerWithApp({ name: 'Plain Shop' });

  it('records email off, still fulfils and shows the page; resend is 409', async () => {
    await patchApp(plainOwner, app, { rateLimitPerMinute: 0 });
    const shop = await connectStore(plainOwner, app, 'generic');
    await mapProduct(plainOwner, app, shop.id, { externalId: 'basic' });
    const body = JSON.stringify({
      id: `evt_${randomUUID()}`,
      type: 'purchase',
      orderId: randomOrderId(),
      productId: 'basic',
      email: 'x@example.com',
    });
    const res = await http('POST', `/store/webhooks/${shop.id}`, {
      body,
      headers: { 'content-type': 'application/json', ...genericHeaders(shop.signingSecret!, body) },
    });
    expect(res.status).toBe(200);
    const listed = await http('GET', storePath(app, '/orders'), { token: plainOwner.token });
    const made = listed.body.data[0];
    expect(made.emailStatus).toBe('off');
    const resent = await http('POST', storePath(app, `/orders/${made.id}/email`), { token: plainOwner.token });
    expect(resent.status).toBe(409);
    expect(resent.body.code).toBe('MAIL_OFF');
    const link = await http('POST', storePath(app, `/orders/${made.id}/link`), { token: plainOwner.token });
    const page = await http('GET', `/store/orders/${link.body.data.url.split('/').pop()}`);
    expect(page.body.data.keys).toEqual(res.body.data.keys);
  });
});
