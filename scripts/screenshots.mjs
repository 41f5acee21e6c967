#!/usr/bin/env node
// `pnpm screenshots`: every dashboard page, light and dark, at desktop and
// phone width, saved under docs/screenshots/ as <page>-<scheme>-<width>.png.
// Runs the built service (API, worker and dashboard) on a scratch database
// with a demo owner, application and a little of everything, in Debian's
// Chromium. `node scripts/run.mjs screenshots` builds first. SCREENSHOTS_ONLY=store
// keeps the pages whose name starts with it; SCREENSHOTS_DIR and
// SCREENSHOTS_DATABASE write elsewhere (a review beside another run).
import { createHmac } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser } from '../apps/dashboard/e2e/browser.mjs';
import { dropDatabase, freshDatabase, startApi, startWorker, testEnv } from './test-service.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = process.env.SCREENSHOTS_DIR || path.join(root, 'docs/screenshots');
const DATABASE = process.env.SCREENSHOTS_DATABASE || 'latchkey_screenshots';
const EMAIL = 'owner@example.com';
const PASSWORD = 'correct horse battery';
const SIZES = {
  desktop: { width: 1366, height: 768 },
  phone: { width: 390, height: 844 },
};

function say(line) {
  process.stdout.write(`[screenshots] ${line}\n`);
}

/** A JSON request that must succeed; the answer's `data`. */
async function api(baseUrl, method, urlPath, body, token) {
  const res = await fetch(`${baseUrl}${urlPath}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${urlPath} answered ${res.status}: ${json.message}`);
  return json.data;
}

/** The demo account: an app with keys, users, a session, a variable, a blacklist entry, a webhook and KeyAuth compatibility on. */
async function seed(baseUrl) {
  const { accessToken: token } = await api(baseUrl, 'POST', '/v1/admin/auth/signup', {
    email: EMAIL,
    password: PASSWORD,
  });
  const app = await api(baseUrl, 'POST', '/v1/admin/apps', { name: 'Acme Studio', version: '2.4.1' }, token);
  const admin = `/v1/admin/apps/${app.appId}`;
  const keys = await api(
    baseUrl,
    'POST',
    `${admin}/licenses`,
    { count: 8, durationType: '30d', level: 1, prefix: 'ACME', note: 'Launch batch' },
    token,
  );
  await api(baseUrl, 'POST', `${admin}/licenses`, { count: 3, durationType: 'lifetime', level: 2 }, token);
  await api(baseUrl, 'POST', `${admin}/licenses/${keys[7].id}/ban`, { reason: 'Shared on a forum' }, token);
  const client = { appId: app.appId, apiKey: app.apiKey };
  for (const [i, username] of ['alice', 'bob_builder', 'carol.k'].entries()) {
    await api(baseUrl, 'POST', '/v1', {
      ...client,
      type: 'register',
      username,
      password: 'secret123',
      licenseKey: keys[i].key,
      hwid: `HWID-${username.toUpperCase()}`,
    });
  }
  await api(baseUrl, 'POST', '/v1', { ...client, type: 'login', username: 'alice', password: 'wrong-pass' }).catch(
    () => undefined,
  );
  await api(baseUrl, 'POST', `${admin}/variables`, { key: 'motd', value: 'Welcome to Acme Studio 2.4!' }, token);
  await api(baseUrl, 'POST', `${admin}/variables`, { key: 'beta.channel', value: 'stable', minLevel: 2 }, token);
  await api(baseUrl, 'POST', `${admin}/blacklist`, { type: 'ip', value: '203.0.113.0/24', reason: 'Abuse' }, token);
  await api(baseUrl, 'POST', `${admin}/blacklist`, { type: 'hwid', value: 'HWID-CRACKED-01' }, token);
  const webhook = await api(
    baseUrl,
    'POST',
    `${admin}/webhooks`,
    { url: 'https://hooks.example.com/latchkey', events: ['license.activate', 'user.ban'] },
    token,
  );
  await api(
    baseUrl,
    'POST',
    `${admin}/resellers`,
    { email: 'reseller@example.com', password: PASSWORD, credits: 25, allowedLevels: [1] },
    token,
  );
  const reseller = await api(baseUrl, 'POST', '/v1/admin/auth/login', {
    email: 'reseller@example.com',
    password: PASSWORD,
  });
  await api(baseUrl, 'POST', `${admin}/licenses`, { count: 3, durationType: '30d', level: 1 }, reseller.accessToken);
  const keyAuth = await api(baseUrl, 'GET', `${admin}/keyauth`, undefined, token);
  await api(
    baseUrl,
    'PUT',
    `${admin}/keyauth`,
    {
      enabled: true,
      ownerId: keyAuth.ownerId,
      name: keyAuth.name,
      versions: keyAuth.versions,
      subscriptionNames: { 1: 'default', 2: 'lifetime' },
      fetchOnline: false,
      selfBan: true,
      checkVersion: true,
      downloadUrl: 'https://acme.example.com/download',
    },
    token,
  );
  const [alice] = await api(baseUrl, 'GET', `${admin}/users?search=alice`, undefined, token);
  const store = await seedStore(baseUrl, admin, token);
  return { token, resellerToken: reseller.accessToken, app, userId: alice.userId, webhookId: webhook.id, ...store };
}

/** A signed-webhook store with two mapped products, three orders (one refunded) and a refused event; a Stripe connection. */
async function seedStore(baseUrl, admin, token) {
  const shop = await api(
    baseUrl,
    'POST',
    `${admin}/store/connections`,
    { provider: 'generic', name: 'Acme checkout' },
    token,
  );
  await api(
    baseUrl,
    'POST',
    `${admin}/store/connections`,
    { provider: 'stripe', name: 'Stripe (live)', signingSecret: 'whsec_demo_0123456789abcdef' },
    token,
  );
  const mapping = (externalId, name, extra) =>
    api(baseUrl, 'POST', `${admin}/store/connections/${shop.id}/products`, { externalId, name, ...extra }, token);
  await mapping('acme-pro-monthly', 'Acme Pro, monthly', {
    durationType: '30d',
    expectedAmount: 999,
    currency: 'USD',
    renewalUrl: 'https://acme.example.com/pro',
  });
  await mapping('acme-studio-lifetime', 'Acme Studio, lifetime', {
    durationType: 'lifetime',
    keysPerUnit: 2,
    level: 2,
    maxDevices: 2,
  });
  // Events signed as docs/selling.md ("Any other store") says a checkout signs them.
  const send = async (event) => {
    const body = JSON.stringify(event);
    const t = Math.floor(Date.now() / 1000);
    const v1 = createHmac('sha256', shop.signingSecret).update(`${t}.${body}`).digest('hex');
    await fetch(`${baseUrl}/store/webhooks/${shop.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'latchkey-signature': `t=${t},v1=${v1}` },
      body,
    });
  };
  const purchase = (id, orderId, productId, email, amount, extra = {}) =>
    send({ id, type: 'purchase', orderId, productId, email, amount, currency: 'USD', ...extra });
  await purchase('evt_1001', 'A-1001', 'acme-pro-monthly', 'dana.whitfield@example.com', 999, {
    subscriptionId: 'sub_881',
  });
  await purchase('evt_1002', 'A-1002', 'acme-studio-lifetime', 'li.wei@example.org', 14900);
  await purchase('evt_1003', 'A-1003', 'acme-pro-monthly', 'sam@example.net', 999);
  await send({ id: 'evt_1004', type: 'refund', orderId: 'A-1003', reason: 'Bought by mistake' });
  await purchase('evt_1005', 'A-1005', 'acme-gold', 'pat@example.com', 2900);
  const [order] = await api(baseUrl, 'GET', `${admin}/store/orders?search=A-1001`, undefined, token);
  return { storeConnectionId: shop.id, storeOrderId: order.id };
}

/** Waits until the page shows its heading and no loading placeholder. */
async function settled(page) {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.querySelectorAll('.skeleton').length === 0, undefined, {
    timeout: 10_000,
  });
}

async function main() {
  mkdirSync(outDir, { recursive: true });
  const env = testEnv(await freshDatabase(DATABASE));
  const service = await startApi(env);
  const worker = await startWorker(env);
  const browser = await launchBrowser();
  try {
    const { token, resellerToken, app, userId, webhookId, storeConnectionId, storeOrderId } = await seed(service.url);
    const appPath = `/apps/${app.appId}`;
    const pages = [
      ['sign-in', '/sign-in'],
      ['applications', '/apps'],
      ['account', '/account'],
      ['overview', appPath],
      ['licenses', `${appPath}/licenses`],
      ['resellers', `${appPath}/resellers`],
      ['users', `${appPath}/users`],
      ['sessions', `${appPath}/sessions`],
      ['variables', `${appPath}/variables`],
      ['blacklist', `${appPath}/blacklist`],
      ['files', `${appPath}/files`],
      ['webhooks', `${appPath}/webhooks`],
      ['jobs', `${appPath}/jobs`],
      ['logs', `${appPath}/logs`],
      ['members', `${appPath}/members`],
      ['settings', `${appPath}/settings`],
      ['keyauth', `${appPath}/keyauth`],
      ['keyauth-messages', `${appPath}/keyauth`, 'Messages'],
      ['keyauth-import', `${appPath}/keyauth-import`],
      ['user', `${appPath}/users/${userId}`],
      ['webhook-deliveries', `${appPath}/webhooks/${webhookId}`],
      ['store-orders', `${appPath}/store`],
      ['store-order', `${appPath}/store/orders/${storeOrderId}`],
      ['store-connections', `${appPath}/store/connections`],
      ['store-connection', `${appPath}/store/connections/${storeConnectionId}`],
      ['store-events', `${appPath}/store/events`],
      ['reseller-console', `/sell/${app.appId}`],
    ];
    for (const scheme of ['light', 'dark']) {
      for (const [sizeName, viewport] of Object.entries(SIZES)) {
        const context = await browser.newContext({ viewport, colorScheme: scheme });
        const page = await context.newPage();
        await page.goto(`${service.url}/sign-in`);
        // A page's third item is the heading of a section further down, scrolled to before the shot.
        for (const [name, urlPath, section] of pages) {
          if (process.env.SCREENSHOTS_ONLY && !name.startsWith(process.env.SCREENSHOTS_ONLY)) continue;
          // The sign-in page is shown signed out, the reseller console as the reseller, the rest as the owner.
          const as = { 'sign-in': null, 'reseller-console': resellerToken }[name];
          await page.evaluate(
            (value) =>
              value
                ? sessionStorage.setItem('latchkey.accessToken', value)
                : sessionStorage.removeItem('latchkey.accessToken'),
            as === undefined ? token : as,
          );
          await page.goto(`${service.url}${urlPath}`);
          await settled(page);
          if (section) {
            await page
              .getByRole('heading', { name: section, level: 2 })
              .evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
          }
          const file = path.join(outDir, `${name}-${scheme}-${sizeName}.png`);
          await page.screenshot({ path: file });
          say(path.relative(root, file));
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await worker.stop();
    await service.stop();
    await dropDatabase(DATABASE);
  }
}

await main();
