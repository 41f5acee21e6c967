// The Blacklist and Webhooks pages in a real browser. Blacklist: add an IP
// range (stored by its network address), a bad value caught before sending,
// a duplicate refused by the API, a username (stored in lower case) whose
// live session ends, with the count in the toast, the type filter in the
// URL, delete after confirming. Webhooks: a worker process delivers to a receiver on 127.0.0.1
// (private URLs allowed for this run); create with the secret shown once,
// send a test and watch it succeed, fail, be retried; the receiver checks the
// signature; disable, enable, a 410 that disables it, edit, delete.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { createHmac, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { PHONE, startHarness } from './harness.mjs';

const WEBHOOK_ENV = {
  WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
  // Two attempts, 200 ms apart: a failing delivery settles as failed at once.
  WEBHOOK_RETRY_DELAYS: '200',
  WEBHOOK_DELIVERY_TIMEOUT_MS: '5000',
};

let harness;
let api;
let call;
let receiver;

/** An HTTP server on 127.0.0.1 that records each request and answers with `status` (changeable). */
async function startReceiver() {
  const requests = [];
  const state = { status: 200 };
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      requests.push({ path: req.url, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(state.status, { 'content-type': 'text/plain' }).end(state.status < 300 ? 'ok' : 'nope');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  return {
    requests,
    state,
    url: (path) => `${origin}${path}`,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Standard Webhooks: `v1,` + base64 HMAC-SHA256 of "id.timestamp.body" keyed with the secret's bytes. */
function expectedSignature(secret, request) {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const signed = `${request.headers['webhook-id']}.${request.headers['webhook-timestamp']}.${request.body}`;
  return `v1,${createHmac('sha256', key).update(signed).digest('base64')}`;
}

beforeAll(async () => {
  // The worker process delivers the webhooks.
  harness = await startHarness('blacklist_webhooks', WEBHOOK_ENV, { worker: true });
  ({ api, call } = harness);
  receiver = await startReceiver();
}, 120_000);

afterAll(async () => {
  await receiver?.close();
  await harness?.stop();
}, 60_000);

describe('blacklist page', () => {
  test('adds an IP range and a username, refuses bad and duplicate values, filters by type, deletes', async () => {
    const { token, app, context, page, pageErrors } = await harness.ownerWithApp({ appName: 'Blacklist App' });
    await page.goto(`${api.url}/apps/${app.appId}/blacklist`);
    await page.getByRole('heading', { name: 'Blacklist', level: 1 }).waitFor();
    await page.getByText('Nothing blocked yet').waitFor();

    // A range with host bits set is stored by its network address.
    await page.getByRole('button', { name: 'Add entry' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to blacklist' });
    await dialog.getByLabel('Value').fill('10.1.2.3/8');
    await dialog.getByLabel('Reason (optional)').fill('Credential stuffing from this range');
    await dialog.getByRole('button', { name: 'Add entry' }).click();
    await page.getByTestId('toast-success').getByText('10.0.0.0/8 blacklisted').waitFor();
    const rangeRow = page.getByRole('row', { name: /10\.0\.0\.0\/8/ });
    await rangeRow.waitFor();
    expect(await rangeRow.innerText()).toContain('Credential stuffing from this range');

    // Not an address: caught before sending, under the field.
    await page.getByRole('button', { name: 'Add entry' }).click();
    await dialog.getByLabel('Value').fill('10.0.0.300');
    await dialog.getByRole('button', { name: 'Add entry' }).click();
    await dialog.getByText('value must be an IPv4 or IPv6 address or CIDR range').waitFor();
    // The same range written differently: the API's 409, shown in the dialog.
    await dialog.getByLabel('Value').fill('10.200.0.0/8');
    await dialog.getByRole('button', { name: 'Add entry' }).click();
    const duplicate = await call(
      'POST',
      `/v1/admin/apps/${app.appId}/blacklist`,
      { type: 'ip', value: '10.9.9.9/8' },
      token,
    );
    expect(duplicate.status).toBe(409);
    await dialog.getByRole('alert').getByText(duplicate.body.message).waitFor();

    // A username: the value is checked by the rules of the chosen type. Stored in lower case, it
    // ends the live session of the user of that name, whatever its case, and the toast says so.
    const { sessionToken } = await harness.registerClientUser({ token }, app, { username: 'Cheater01' });
    await dialog.getByLabel('Type').selectOption('username');
    await dialog.getByLabel('Value').fill('ab');
    await dialog.getByRole('button', { name: 'Add entry' }).click();
    await dialog.getByText('value must be a username').waitFor();
    await dialog.getByLabel('Value').fill('CHEATER01');
    await dialog.getByRole('button', { name: 'Add entry' }).click();
    await page.getByTestId('toast-success').getByText('cheater01 blacklisted; 1 live session ended').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const check = await call('POST', '/v1', { appId: app.appId, apiKey: app.apiKey, type: 'check', sessionToken });
    expect([check.status, check.body.message]).toEqual([401, 'Invalid or expired session']);

    // The entry holds for client requests at once.
    const blocked = await call('POST', '/v1', {
      appId: app.appId,
      apiKey: app.apiKey,
      type: 'login',
      username: 'cheater01',
      password: 'whatever1',
    });
    expect(blocked.status).toBe(403);

    // The type filter lives in the URL and survives a reload.
    await page.getByLabel('Type').selectOption('username');
    await page.waitForURL(/type=username/);
    await page.reload();
    await page.getByRole('row', { name: /cheater01/ }).waitFor();
    expect(await page.getByRole('row', { name: /10\.0\.0\.0\/8/ }).count()).toBe(0);
    await page.getByLabel('Type').selectOption('');
    await rangeRow.waitFor();

    await page.getByRole('button', { name: 'Actions for 10.0.0.0/8' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete entry' }).click();
    await page.getByTestId('toast-success').getByText('10.0.0.0/8 removed from the blacklist').waitFor();
    await rangeRow.waitFor({ state: 'detached' });
    const remaining = await call('GET', `/v1/admin/apps/${app.appId}/blacklist`, undefined, token);
    expect(remaining.body.data.map((entry) => entry.value)).toEqual(['cheater01']);

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe('webhooks page', () => {
  test('creates a webhook, shows its secret once, delivers a signed test, retries a failure, disables, edits, deletes', async () => {
    const { token, app, context, page, pageErrors } = await harness.ownerWithApp({ appName: 'Webhook App' });
    const hookUrl = receiver.url(`/hooks/${randomUUID()}`);
    await page.goto(`${api.url}/apps/${app.appId}/webhooks`);
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    await page.getByText('No webhooks yet').waitFor();

    // Nothing filled in: both problems shown before sending.
    await page.getByRole('button', { name: 'New webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'New webhook' });
    await dialog.getByRole('button', { name: 'Create webhook' }).click();
    await dialog.getByText('url must be an http or https URL').waitFor();
    await dialog.getByText('Choose at least one event').waitFor();

    // A URL the API refuses (credentials in it): its message under the field.
    const withPassword = hookUrl.replace('http://', 'http://user:secret@');
    await dialog.getByLabel('Endpoint URL').fill(withPassword);
    await dialog.getByRole('checkbox', { name: /user\.login/ }).check();
    await dialog.getByRole('checkbox', { name: /session\.create/ }).check();
    await dialog.getByRole('button', { name: 'Create webhook' }).click();
    const refused = await call(
      'POST',
      `/v1/admin/apps/${app.appId}/webhooks`,
      { url: withPassword, events: ['user.login'] },
      token,
    );
    expect(refused.status).toBe(400);
    await dialog.getByText(refused.body.errors[0]).waitFor();

    await dialog.getByLabel('Endpoint URL').fill(hookUrl);
    await dialog.getByRole('button', { name: 'Create webhook' }).click();
    await page.getByTestId('toast-success').getByText('Webhook created').waitFor();

    // The secret, once, with a copy button and the warning.
    const notice = page.getByRole('dialog', { name: 'Webhook signing secret' });
    await notice.getByText('it will not be shown again').waitFor();
    await notice.getByRole('button', { name: 'Copy' }).waitFor();
    const secret = await notice.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await notice.getByRole('button', { name: 'I have copied it' }).click();
    await notice.waitFor({ state: 'detached' });
    expect(await page.content()).not.toContain(secret);

    // The row links to the webhook's page (a deep link).
    await page.getByRole('link', { name: hookUrl }).click();
    await page.waitForURL(/\/webhooks\/[0-9a-f-]{36}$/);
    const webhookId = page.url().split('/').pop();
    await page.getByRole('heading', { name: 'Webhook', level: 1 }).waitFor();
    await page.getByText('No deliveries yet').waitFor();

    // A test event reaches the receiver, signed with the secret shown once.
    await page.getByRole('button', { name: 'Send test' }).click();
    await page.getByTestId('toast-success').getByText('Test event queued').waitFor();
    const deliveries = page.getByRole('table', { name: 'Deliveries' });
    await deliveries.getByRole('row', { name: /test\s+Succeeded\s+1\s+200/ }).waitFor();
    const delivered = receiver.requests.filter((request) => request.path === new URL(hookUrl).pathname);
    expect(delivered).toHaveLength(1);
    expect(JSON.parse(delivered[0].body)).toMatchObject({ event: 'test', data: { appId: app.appId, webhookId } });
    expect(delivered[0].headers['webhook-signature']).toBe(expectedSignature(secret, delivered[0]));

    // The receiver fails: two attempts, then failed with its status; a retry delivers it.
    receiver.state.status = 500;
    await page.getByRole('button', { name: 'Send test' }).click();
    const failedRow = deliveries.getByRole('row', { name: /test\s+Failed\s+2\s+500/ });
    await failedRow.waitFor();
    await failedRow.getByRole('button', { name: /^Actions for delivery/ }).click();
    await page.getByRole('menuitem', { name: 'Attempts' }).click();
    const attempts = page.getByRole('dialog', { name: 'Attempts of test' });
    await attempts.getByRole('listitem').nth(1).waitFor();
    expect(await attempts.getByRole('listitem').count()).toBe(2);
    expect(await attempts.getByLabel('Response body of attempt 2').innerText()).toBe('nope');
    await attempts.getByRole('button', { name: 'Close' }).click();

    receiver.state.status = 200;
    await failedRow.getByRole('button', { name: /^Actions for delivery/ }).click();
    await page.getByRole('menuitem', { name: 'Retry' }).click();
    await page.getByTestId('toast-success').getByText('test delivery queued again').waitFor();
    await deliveries.getByRole('row', { name: /test\s+Succeeded\s+3\s+200/ }).waitFor();
    expect(await deliveries.getByRole('row', { name: /Failed/ }).count()).toBe(0);

    // The status filter and page live in the URL.
    await page.getByLabel('Status').selectOption('succeeded');
    await page.waitForURL(/status=succeeded/);
    await page.reload();
    await deliveries
      .getByRole('row', { name: /Succeeded/ })
      .first()
      .waitFor();
    expect(await page.getByTestId('table-total').innerText()).toBe('2');

    // Disabled by the owner, then on again.
    await page.getByRole('button', { name: 'Disable' }).click();
    await page.getByTestId('toast-success').getByText('Webhook disabled').waitFor();
    await page.getByText('This webhook is disabled: Disabled by the owner.').waitFor();
    await page.getByRole('button', { name: 'Enable' }).click();
    await page.getByTestId('toast-success').getByText('Webhook enabled').waitFor();
    await page.getByText('This webhook is disabled').waitFor({ state: 'detached' });

    // The receiver says it is gone (410): the service disables it and the page says why.
    receiver.state.status = 410;
    await page.getByLabel('Status').selectOption('');
    await page.getByRole('button', { name: 'Send test' }).click();
    await page.getByText('This webhook is disabled: The receiver answered 410: the endpoint is gone.').waitFor();
    const stored = await call('GET', `/v1/admin/apps/${app.appId}/webhooks/${webhookId}`, undefined, token);
    expect(stored.body.data).toMatchObject({
      enabled: false,
      disabledReason: 'The receiver answered 410: the endpoint is gone',
    });
    receiver.state.status = 200;
    await page.getByRole('button', { name: 'Enable' }).click();
    await page.getByRole('button', { name: 'Disable' }).waitFor();

    // Edit the events.
    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit webhook' });
    expect(await edit.getByLabel('Endpoint URL').inputValue()).toBe(hookUrl);
    await edit.getByRole('checkbox', { name: /session\.create/ }).uncheck();
    await edit.getByRole('checkbox', { name: /user\.ban/ }).check();
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('toast-success').getByText('Webhook saved').waitFor();
    const edited = await call('GET', `/v1/admin/apps/${app.appId}/webhooks/${webhookId}`, undefined, token);
    expect(edited.body.data.events.sort()).toEqual(['user.ban', 'user.login']);

    // Usable on a phone: nothing wider than the screen.
    const phone = await harness.signedInPage(token, { viewport: PHONE });
    await phone.page.goto(`${api.url}/apps/${app.appId}/webhooks/${webhookId}`);
    await phone.page
      .getByRole('table', { name: 'Deliveries' })
      .getByRole('row', { name: /Succeeded/ })
      .first()
      .waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(phone.pageErrors).toEqual([]);
    await phone.context.close();

    // Delete after confirming: back to the list, which is empty again.
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete webhook' }).click();
    await page.getByTestId('toast-success').getByText('Webhook deleted').waitFor();
    await page.waitForURL(/\/webhooks$/);
    await page.getByText('No webhooks yet').waitFor();
    const gone = await call('GET', `/v1/admin/apps/${app.appId}/webhooks/${webhookId}`, undefined, token);
    expect(gone.status).toBe(404);

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
