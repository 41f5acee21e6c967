// The KeyAuth page (issue 41): reached from the app's navigation, it holds the
// compatibility settings, the messages and the way to the import, with one
// version field (the app's: KeyAuth has only a switch to compare with it);
// Settings no longer holds KeyAuth. And issue 40's round trip: a message
// replaced in the console is what a KeyAuth client is answered, signed.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { createPublicKey, verify } from 'node:crypto';
import { startHarness } from './harness.mjs';

let harness;
let call;

beforeAll(async () => {
  harness = await startHarness('keyauth_page');
  ({ call } = harness);
}, 120_000);

afterAll(async () => {
  await harness?.stop();
}, 60_000);

const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** One KeyAuth 1.3 request, form-encoded: the parsed answer and whether its signature is the app's. */
async function keyAuth13(url, publicKeyHex, fields) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
  const body = await res.text();
  const timestamp = res.headers.get('x-signature-timestamp');
  const key = createPublicKey({
    key: Buffer.concat([ED25519_SPKI_PREFIX, Buffer.from(publicKeyHex, 'hex')]),
    format: 'der',
    type: 'spki',
  });
  const signed = verify(
    null,
    Buffer.from(timestamp + body),
    key,
    Buffer.from(res.headers.get('x-signature-ed25519') ?? '', 'hex'),
  );
  return { json: JSON.parse(body), signed };
}

describe('KeyAuth page', () => {
  test('is in the navigation with the settings, the messages and the import; Settings links to it instead', async () => {
    const { app, context, page, pageErrors } = await harness.ownerWithApp({ appName: 'KeyAuth Page App' });
    await page.goto(`${harness.url}/apps/${app.appId}/settings`);
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await page.getByRole('form', { name: 'Application settings' }).waitFor();
    expect(await page.getByRole('region', { name: 'KeyAuth compatibility' }).count()).toBe(0);
    expect(await page.getByLabel('Client version', { exact: true }).count()).toBe(0);

    await page.getByRole('navigation', { name: 'Application' }).getByRole('link', { name: 'KeyAuth' }).click();
    await page.getByRole('heading', { name: 'KeyAuth', level: 1 }).waitFor();
    const settings = page.getByRole('form', { name: 'KeyAuth compatibility settings' });
    await settings.waitFor();
    // One version field: the app's, which KeyAuth's check compares with.
    expect(await page.getByLabel('Client version', { exact: true }).count()).toBe(0);
    expect(await settings.getByLabel('Refuse other versions', { exact: true }).isChecked()).toBe(false);
    await settings.getByText('this application’s version (1.0.0)').waitFor();
    await page.getByRole('form', { name: 'KeyAuth messages' }).waitFor();
    await page.getByRole('link', { name: 'Import from KeyAuth' }).click();
    await page.getByRole('heading', { name: 'Import from KeyAuth', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'KeyAuth page' }).click();
    await page.getByRole('heading', { name: 'KeyAuth', level: 1 }).waitFor();

    await page.goto(`${harness.url}/apps/${app.appId}/settings`);
    await page.getByRole('link', { name: 'KeyAuth', exact: true }).last().click();
    await page.getByRole('form', { name: 'KeyAuth messages' }).waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  test('a message replaced in the console is what a KeyAuth client is answered', async () => {
    const { token, app, context, page, pageErrors } = await harness.ownerWithApp({ appName: 'Messages App' });
    const path = `/v1/admin/apps/${app.appId}/keyauth`;
    const current = (await call('GET', path, undefined, token)).body.data;
    const { publicKeyHex, secretSet: _secret, endpoints, appVersion: _version, ...body } = current;
    expect((await call('PUT', path, { ...body, enabled: true }, token)).status).toBe(200);
    const unknownKey = async () => {
      const init = await keyAuth13(endpoints.v13, publicKeyHex, {
        type: 'init',
        ownerid: current.ownerId,
        name: current.name,
      });
      expect(init.json.success).toBe(true);
      return keyAuth13(endpoints.v13, publicKeyHex, {
        type: 'license',
        key: 'NO-SUCH-KEY-0001',
        sessionid: init.json.sessionid,
        ownerid: current.ownerId,
        name: current.name,
      });
    };
    expect((await unknownKey()).json.message).toBe('Invalid license key');

    await page.goto(`${harness.url}/apps/${app.appId}/keyauth`);
    const form = page.getByRole('form', { name: 'KeyAuth messages' });
    const field = form.getByLabel('The license key does not exist', { exact: true });
    // The default shows where the message is not replaced.
    expect(await field.getAttribute('placeholder')).toBe('Invalid license key');
    await field.fill('Clé de licence inconnue');
    await saveMessages(page, form);
    await page.getByTestId('toast-success').getByText('KeyAuth messages saved').waitFor();

    const replaced = await unknownKey();
    expect([replaced.signed, replaced.json.success, replaced.json.message]).toEqual([
      true,
      false,
      'Clé de licence inconnue',
    ]);

    // Cleared: the default again.
    await form.getByRole('button', { name: 'Clear all (use the defaults)' }).click();
    await saveMessages(page, form);
    expect((await unknownKey()).json.message).toBe('Invalid license key');
    expect(await field.inputValue()).toBe('');
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

/** Saves the messages form and waits for the API's answer to the PUT. */
async function saveMessages(page, form) {
  const saved = page.waitForResponse(
    (res) => res.url().endsWith('/keyauth/messages') && res.request().method() === 'PUT',
  );
  await form.getByRole('button', { name: 'Save messages' }).click();
  expect((await saved).status()).toBe(200);
}
