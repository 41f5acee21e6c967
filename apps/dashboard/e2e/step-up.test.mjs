// "Confirm it's you" in a real browser (issue 37): a change to how the account
// signs in, made long after signing in, asks for the password (and the second
// factor) again, replaces the old sign-in and then goes through; cancelling
// leaves the change undone and says why.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { Secret, TOTP } from 'otpauth';
import pg from 'pg';
import { DESKTOP, PASSWORD, PHONE, startHarness } from './harness.mjs';

let harness;

beforeAll(async () => {
  harness = await startHarness('step_up');
}, 120_000);

afterAll(async () => {
  await harness?.stop();
}, 60_000);

/** Moves the sign-in of `token` a day back, past RECENT_SIGN_IN_SECONDS, as if the tab had stayed open since. */
async function ageSignIn(token) {
  const client = new pg.Client({ connectionString: harness.databaseUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query(
      `UPDATE access_tokens SET created_at = now() - interval '1 day' WHERE token_hash = sha256($1::bytea)`,
      [Buffer.from(token)],
    );
    expect(rowCount).toBe(1);
  } finally {
    await client.end();
  }
}

async function until(condition, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function totpCode(secret, step) {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + step * 30_000 });
}

async function openAccount(token, viewport) {
  const signedIn = await harness.signedInPage(token, { viewport });
  await signedIn.page.goto(`${harness.url}/account`);
  await signedIn.page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
  return signedIn;
}

describe('confirm it’s you', () => {
  test('an older sign-in creates a token after the password, and the sign-in it replaced ends', async () => {
    const owner = await harness.newOwner();
    await ageSignIn(owner.token);
    const { context, page, pageErrors } = await openAccount(owner.token, { width: 1366, height: 768 });

    await page.getByLabel('Token name').fill('deploys');
    await page.getByRole('button', { name: 'Create token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm it’s you' });
    await dialog.getByText(owner.email).waitFor();
    await page.screenshot({ path: '/tmp/step-up-desktop.png' });
    await dialog.getByLabel('Password', { exact: true }).fill('not my password');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByText('Invalid email or password').waitFor();
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Confirm' }).click();

    await page.getByRole('heading', { name: 'Token deploys' }).waitFor();
    expect(await dialog.count()).toBe(0);
    const created = await page.getByRole('textbox', { name: 'Personal access token', exact: true }).inputValue();
    expect(created).toMatch(/^lkp_/);
    const stored = await page.evaluate(() => sessionStorage.getItem('latchkey.accessToken'));
    expect(stored).not.toBe(owner.token);
    expect((await harness.call('GET', '/v1/admin/me', undefined, stored)).status).toBe(200);
    // The replaced sign-in is revoked right after the dialog closes, without holding the change up.
    await until(async () => (await harness.call('GET', '/v1/admin/me', undefined, owner.token)).status === 401);

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  test('cancelling leaves the change undone and says why', async () => {
    const owner = await harness.newOwner();
    await ageSignIn(owner.token);
    const { context, page, pageErrors } = await openAccount(owner.token, DESKTOP);

    await page.getByLabel('Token name').fill('never made');
    await page.getByRole('button', { name: 'Create token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm it’s you' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('Sign in again to continue').waitFor();
    const tokens = await harness.call('GET', '/v1/admin/tokens', undefined, owner.token);
    expect(tokens.body.data).toEqual([]);

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  test('with two-factor on, the password change asks for a code too, on a phone', async () => {
    const owner = await harness.newOwner();
    const enrolment = await harness.call('POST', '/v1/admin/auth/two-factor/totp', undefined, owner.token);
    const { secret } = enrolment.body.data;
    const confirmed = await harness.call(
      'POST',
      '/v1/admin/auth/two-factor/totp/confirm',
      { code: totpCode(secret, 0) },
      owner.token,
    );
    expect(confirmed.status).toBe(200);
    await ageSignIn(owner.token);
    const { context, page, pageErrors } = await openAccount(owner.token, PHONE);

    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByLabel('New password').fill('a brand new password');
    await page.getByRole('button', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm it’s you' });
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByLabel('Authentication code').fill(totpCode(secret, 1));
    await page.screenshot({ path: '/tmp/step-up-phone.png' });
    await dialog.getByRole('button', { name: 'Verify' }).click();

    await page.getByTestId('toast-success').filter({ hasText: 'Password changed' }).waitFor();
    expect(await dialog.count()).toBe(0);
    const login = await harness.call('POST', '/v1/admin/auth/login', {
      email: owner.email,
      password: 'a brand new password',
    });
    expect(login.body.data.secondFactorRequired).toBe(true);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
