// Two-factor sign-in in a real browser (issue 28): set up an authenticator app
// on the Account page and sign in with its codes; sign in with a recovery code,
// which then works no more.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { Secret, TOTP } from 'otpauth';
import { PASSWORD, startHarness } from './harness.mjs';

let harness;
let api;
let call;

beforeAll(async () => {
  harness = await startHarness('two_factor');
  ({ api, call } = harness);
}, 120_000);

afterAll(async () => {
  await harness?.stop();
}, 60_000);

/** The authenticator app's code for this time step (`step` 1: the next one, which the server also accepts). */
function totpCode(secret, step = 0) {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + step * 30_000 });
}

/** A 6-digit code that matches none of the steps the server accepts now. */
function wrongCode(secret) {
  const accepted = new Set([-1, 0, 1].map((step) => totpCode(secret, step)));
  return ['000000', '111111', '222222', '333333'].find((code) => !accepted.has(code));
}

/** A fresh browser on the sign-in page, email and password sent: the second step is asked for. */
async function passwordStep(email) {
  const context = await harness.browser.newContext();
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  await page.goto(`${api.url}/sign-in`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Two-factor authentication', level: 1 }).waitFor();
  return { context, page, pageErrors };
}

describe('two-factor sign-in', () => {
  test('sets up an authenticator app on the Account page and signs in with it', async () => {
    const { email, token } = await harness.newOwner('totp');
    const { context, page, pageErrors } = await harness.signedInPage(token);
    await page.goto(`${api.url}/account`);
    const section = page.getByRole('region', { name: 'Two-factor authentication' });
    await section.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await section.getByRole('img', { name: 'QR code of the authenticator app setup' }).waitFor();
    const secret = await section.getByLabel('Setup key').inputValue();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    await section.getByLabel('Code from the app').fill(wrongCode(secret));
    await section.getByRole('button', { name: 'Turn on' }).click();
    await section.getByText('Invalid code').waitFor();
    // Still signed in: a wrong code is the form's error, not a lost session.
    expect(new URL(page.url()).pathname).toBe('/account');

    await section.getByLabel('Code from the app').fill(totpCode(secret));
    await section.getByRole('button', { name: 'Turn on' }).click();
    const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    expect(await section.getByRole('link', { name: 'Download' }).getAttribute('download')).toBe(
      'latchkey-recovery-codes.txt',
    );
    await section.getByRole('button', { name: 'I have saved them' }).click();
    await section.getByText('10 recovery codes left.').waitFor();
    await context.close();

    const signIn = await passwordStep(email);
    await signIn.page.getByLabel('Authentication code').fill(totpCode(secret, 1));
    await signIn.page.getByRole('button', { name: 'Verify' }).click();
    await signIn.page.getByRole('heading', { name: 'Applications', level: 1 }).waitFor();

    await signIn.page.goto(`${api.url}/account`);
    const history = signIn.page.getByRole('table', { name: 'Recent sign-ins' });
    await history.getByRole('row', { name: /Sign-in Authenticator app Succeeded/ }).waitFor();
    await history.getByRole('row', { name: /Two-factor turned on/ }).waitFor();
    expect([...pageErrors, ...signIn.pageErrors]).toEqual([]);
    await signIn.context.close();
  });

  test('signs in with a recovery code, which is refused the second time', async () => {
    const { email, token } = await harness.newOwner('recovery');
    const enrolment = await call('POST', '/v1/admin/auth/two-factor/totp', undefined, token);
    const { secret } = enrolment.body.data;
    const confirmed = await call('POST', '/v1/admin/auth/two-factor/totp/confirm', { code: totpCode(secret) }, token);
    expect(confirmed.status).toBe(200);
    const [recoveryCode] = confirmed.body.data.recoveryCodes;

    const first = await passwordStep(email);
    await first.page.getByRole('button', { name: 'Use a recovery code' }).click();
    await first.page.getByLabel('Recovery code').fill(recoveryCode);
    await first.page.getByRole('button', { name: 'Verify' }).click();
    await first.page.getByRole('heading', { name: 'Applications', level: 1 }).waitFor();
    await first.context.close();

    const again = await passwordStep(email);
    await again.page.getByRole('button', { name: 'Use a recovery code' }).click();
    await again.page.getByLabel('Recovery code').fill(recoveryCode);
    await again.page.getByRole('button', { name: 'Verify' }).click();
    await again.page.getByText('Invalid code').waitFor();
    expect(new URL(again.page.url()).pathname).toBe('/sign-in');
    expect([...first.pageErrors, ...again.pageErrors]).toEqual([]);
    await again.context.close();
  });
});
