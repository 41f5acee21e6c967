// Passkeys in a real browser (issue 28): Chromium's virtual authenticator
// (the DevTools protocol's WebAuthn domain) stands in for the device's. A
// passkey is added on the Account page, renamed, and after signing out it
// signs in alone, with no email or password; after the password, it is the
// second step.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { PASSWORD, startHarness } from './harness.mjs';

let harness;

beforeAll(async () => {
  harness = await startHarness('passkeys');
}, 120_000);

afterAll(async () => {
  await harness?.stop();
}, 60_000);

/**
 * The dashboard at `localhost`: WebAuthn needs a secure context and a domain
 * for its relying party, and http://localhost is both (127.0.0.1 is not a domain).
 */
function localhostUrl(urlPath) {
  const url = new URL(urlPath, harness.url);
  url.hostname = 'localhost';
  return url.toString();
}

describe('passkeys', () => {
  test('add a passkey on the Account page, sign in with it alone, then as the second step after the password', async () => {
    const owner = await harness.newOwner('passkey');
    const context = await harness.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error));

    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    await page.goto(localhostUrl('/sign-in'));
    await page.evaluate((value) => sessionStorage.setItem('latchkey.accessToken', value), owner.token);
    await page.goto(localhostUrl('/account'));
    await page.getByRole('heading', { name: 'Passkeys', level: 2 }).waitFor();
    await page.getByText('No passkeys yet.').waitFor();

    await page.getByLabel('Passkey name').fill('Laptop');
    await page.getByRole('button', { name: 'Add passkey' }).click();
    const table = page.getByRole('table', { name: 'Passkeys' });
    await table.getByRole('cell', { name: 'Laptop', exact: true }).waitFor();
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0].isResidentCredential).toBe(true);
    expect(credentials[0].rpId).toBe('localhost');

    await table.getByRole('button', { name: 'Rename' }).click();
    await page.getByLabel('New name').fill('Work laptop');
    await page.getByRole('button', { name: 'Save' }).click();
    await table.getByRole('cell', { name: 'Work laptop', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.getByRole('heading', { name: 'Applications', level: 1 }).waitFor();

    // Signed in as the owner, by the passkey: the API stamped it used.
    const token = await page.evaluate(() => sessionStorage.getItem('latchkey.accessToken'));
    expect(token).not.toBe(owner.token);
    const me = await harness.call('GET', '/v1/admin/me', undefined, token);
    expect(me.body.data.account.email).toBe(owner.email);
    const passkeys = await harness.call('GET', '/v1/admin/auth/passkeys', undefined, token);
    expect(passkeys.body.data).toEqual([
      { id: expect.any(String), name: 'Work laptop', createdAt: expect.any(String), lastUsedAt: expect.any(String) },
    ]);

    // With a passkey, the password alone no longer signs in: the second step offers the passkey.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Two-factor authentication', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.getByRole('heading', { name: 'Applications', level: 1 }).waitFor();
    const secondToken = await page.evaluate(() => sessionStorage.getItem('latchkey.accessToken'));
    const history = await harness.call('GET', '/v1/admin/auth/sign-ins', undefined, secondToken);
    expect(history.body.data.slice(0, 3).map((event) => [event.kind, event.method, event.outcome])).toEqual([
      ['sign-in', 'passkey', 'success'],
      ['sign-in', 'password', 'challenged'],
      ['sign-in', 'passkey', 'success'],
    ]);

    expect(pageErrors).toEqual([]);
    await context.close();
  }, 120_000);
});
