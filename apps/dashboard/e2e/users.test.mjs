// The Users page and a user's own page in a real browser: find a user that
// registered through POST /v1 by search (any ASCII case; a Unicode look-alike
// finds nobody and says why; kept in the URL over a reload), open
// it, reset its HWID, extend it, ban and unban it, end all its sessions (the
// client's token then gets 401), create users (a bad username caught before
// sending, a taken one refused with the API's message) and delete one.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { ClientMessage, LATEST_EXPIRY } from '@latchkey/contracts';
import { startHarness } from './harness.mjs';

let harness;

beforeAll(async () => {
  harness = await startHarness('users');
}, 120_000);

afterAll(async () => {
  await harness?.stop();
}, 60_000);

describe('users pages', () => {
  test('search, detail, reset HWID, extend, ban, end sessions, create and delete', async () => {
    const { call } = harness;
    const { token, app, context, page, pageErrors } = await harness.ownerWithApp({ appName: 'Users App' });
    const client = { appId: app.appId, apiKey: app.apiKey };
    const { sessionToken, licenseKey } = await harness.registerClientUser({ token }, app, {
      username: 'alice_walker',
      hwid: 'HWID-ALICE',
    });
    await harness.registerClientUser({ token }, app, { username: 'bob_builder' });
    const userPath = async (username) =>
      (await call('GET', `/v1/admin/apps/${app.appId}/users?search=${username}`, undefined, token)).body.data[0];
    const aliceBefore = await userPath('alice_walker');

    await page.goto(`${harness.url}/apps/${app.appId}/users`);
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    await page.getByRole('row', { name: /bob_builder/ }).waitFor();
    for (const name of ['Username', 'Status', 'Level', 'Expires', 'HWID', 'Last login', 'Created']) {
      await page.getByRole('columnheader', { name, exact: true }).waitFor();
    }
    // Usernames compare in ASCII case only: a Unicode look-alike (dotted capital I) finds nobody, and says why.
    await page.getByLabel('Search').fill('AL\u0130CE');
    await page.getByLabel('Search').press('Enter');
    await page.getByText('no username contains “AL\u0130CE”').waitFor();
    await page.getByLabel('Search').fill('ALICE');
    await page.getByLabel('Search').press('Enter');
    await page.getByRole('row', { name: /alice_walker/ }).waitFor();
    // Search as you type: no Enter, and the URL follows.
    await page.getByLabel('Search').fill('alice');
    await page.waitForURL(/[?&]search=alice/);
    await page.getByRole('row', { name: /bob_builder/ }).waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('row', { name: /alice_walker/ }).waitFor();
    expect(await page.getByLabel('Search').inputValue()).toBe('alice');

    // The user's page: details and the live session.
    await page.getByRole('link', { name: 'alice_walker' }).click();
    await page.getByRole('heading', { name: 'alice_walker', level: 1 }).waitFor();
    expect(await page.getByTestId('user-hwid').innerText()).toBe('HWID-ALICE');
    // Support starts from the key: the user's key links to it in Licenses, and the key back to its user.
    const userUrl = page.url();
    await page.getByTestId('user-license').getByRole('link', { name: licenseKey }).click();
    await page.waitForURL(new RegExp(`/licenses\\?search=${licenseKey}`));
    await page
      .getByRole('row', { name: new RegExp(licenseKey) })
      .getByRole('link', { name: `User of ${licenseKey}` })
      .click();
    await page.waitForURL(userUrl);
    await page.getByRole('heading', { name: 'alice_walker', level: 1 }).waitFor();
    await page
      .getByRole('table', { name: 'Live sessions' })
      .getByRole('row', { name: /HWID-ALICE/ })
      .waitFor();

    // Reset the HWID.
    await page
      .getByRole('group', { name: 'Actions for alice_walker' })
      .getByRole('button', { name: 'Reset HWID', exact: true })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Reset HWID' }).click();
    await page.getByTestId('toast-success').getByText('HWID of alice_walker reset').waitFor();
    await page.getByTestId('user-hwid').getByText('None bound').waitFor();
    expect((await userPath('alice_walker')).hwid).toBeNull();

    // Extend by 30 days: the expiry moves 30 days later.
    await page
      .getByRole('group', { name: 'Actions for alice_walker' })
      .getByRole('button', { name: 'Extend', exact: true })
      .click();
    const extend = page.getByRole('dialog', { name: 'Extend alice_walker' });
    await extend.getByLabel('Days').fill('0');
    await extend.getByRole('button', { name: 'Extend' }).click();
    // Refused in the API's words: the form checks with the contracts' request shape.
    await extend.getByText('days must be between 1 and 36500').waitFor();
    await extend.getByLabel('Days').fill('30');
    await extend.getByRole('button', { name: 'Extend' }).click();
    await page.getByTestId('toast-success').getByText('alice_walker extended by 30 days').waitFor();
    const extended = await userPath('alice_walker');
    expect(Date.parse(extended.expiresAt) - Date.parse(aliceBefore.expiresAt)).toBe(30 * 24 * 3600 * 1000);

    // Set the expiry to a moment in the past (the vendor tries the expiry screen), then back to the extended one.
    await page
      .getByRole('group', { name: 'Actions for alice_walker' })
      .getByRole('button', { name: 'Set expiry', exact: true })
      .click();
    const setExpiry = page.getByRole('dialog', { name: 'Set the expiry of alice_walker' });
    await setExpiry.getByLabel('Expires at').fill('2021-03-04T05:06');
    await setExpiry.getByRole('button', { name: 'Set expiry' }).click();
    await page
      .getByTestId('toast-success')
      .getByText(/alice_walker expired/)
      .waitFor();
    const expired = await call('POST', '/v1', {
      ...client,
      type: 'login',
      username: 'alice_walker',
      password: 'secret123',
      hwid: 'HWID-ALICE',
    });
    expect(expired.body.message).toBe(ClientMessage.licenseExpired);
    expect(new Date((await userPath('alice_walker')).expiresAt).getFullYear()).toBe(2021);
    await page
      .getByRole('group', { name: 'Actions for alice_walker' })
      .getByRole('button', { name: 'Set expiry', exact: true })
      .click();
    await setExpiry.getByLabel('Lifetime (never expires)').check();
    await setExpiry.getByRole('button', { name: 'Set expiry' }).click();
    await page.getByTestId('toast-success').getByText('alice_walker never expires').waitFor();
    await page.getByTestId('user-expires').getByText('Never (lifetime)').waitFor();

    // Ban with a reason, then unban.
    await page
      .getByRole('group', { name: 'Actions for alice_walker' })
      .getByRole('button', { name: 'Ban', exact: true })
      .click();
    const ban = page.getByRole('dialog', { name: 'Ban alice_walker?' });
    await ban.getByLabel('Reason').fill('Chargeback');
    await ban.getByRole('button', { name: 'Ban user' }).click();
    await page.getByTestId('toast-success').getByText('alice_walker banned').waitFor();
    await page.getByText('Chargeback').waitFor();
    expect((await call('POST', '/v1', { ...client, type: 'check', sessionToken })).status).toBe(401);
    await page
      .getByRole('group', { name: 'Actions for alice_walker' })
      .getByRole('button', { name: 'Unban', exact: true })
      .click();
    await page.getByTestId('toast-success').getByText('alice_walker unbanned').waitFor();
    expect((await userPath('alice_walker')).banned).toBe(false);

    // End all sessions: two logins (the second evicts the first: one device), both tokens refused afterwards.
    const logins = [];
    for (let i = 0; i < 2; i += 1) {
      const login = await call('POST', '/v1', {
        ...client,
        type: 'login',
        username: 'bob_builder',
        password: 'secret123',
      });
      expect(login.status).toBe(200);
      logins.push(login.body.data.sessionToken);
    }
    await page.goto(`${harness.url}/apps/${app.appId}/users?search=bob`);
    await page.getByRole('link', { name: 'bob_builder' }).click();
    await page.getByRole('heading', { name: 'bob_builder', level: 1 }).waitFor();
    await page
      .getByRole('group', { name: 'Actions for bob_builder' })
      .getByRole('button', { name: 'End all sessions', exact: true })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'End all sessions' }).click();
    await page.getByTestId('toast-success').getByText('1 session of bob_builder ended').waitFor();
    await page.getByRole('table', { name: 'Live sessions' }).getByText('No live sessions').waitFor();
    for (const loginToken of logins) {
      const check = await call('POST', '/v1', { ...client, type: 'check', sessionToken: loginToken });
      expect(check.status).toBe(401);
      expect(check.body.message).toBe(ClientMessage.invalidSession);
    }

    // Create: a bad username is caught before sending; a taken one gets the API's message.
    // The last page's toast does not follow to this one (it would cover the table's columns).
    await page.getByRole('link', { name: 'Users' }).first().click();
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    await page.getByTestId('toast-success').waitFor({ state: 'detached', timeout: 2000 });
    await page.getByRole('button', { name: 'New user' }).click();
    const create = page.getByRole('dialog', { name: 'New user' });
    await create.getByLabel('Username').fill('no spaces');
    await create.getByLabel('Password').fill('hunter22');
    await create.getByRole('button', { name: 'Create user' }).click();
    await create.getByText('username must be 3-32 characters of A-Z, a-z, 0-9, _ . -').waitFor();
    await create.getByLabel('Username').fill('BOB_builder');
    await create.getByRole('button', { name: 'Create user' }).click();
    await create.getByText('Username already taken').waitFor();
    await create.getByLabel('Username').fill('carol');
    await create.getByRole('button', { name: 'Create user' }).click();
    await page.getByTestId('toast-success').getByText('User carol created').waitFor();
    await page.getByRole('row', { name: /carol/ }).waitFor();

    // Delete carol from the list.
    await page.getByRole('button', { name: 'Actions for carol' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete user' }).click();
    await page.getByTestId('toast-success').getByText('carol deleted').waitFor();
    await page.getByRole('row', { name: /carol/ }).waitFor({ state: 'detached' });
    expect(await userPath('carol')).toBeUndefined();

    // Deleted from its own page: the list it lands on says so.
    await page.getByRole('link', { name: 'bob_builder' }).click();
    await page.getByRole('heading', { name: 'bob_builder', level: 1 }).waitFor();
    await page
      .getByRole('group', { name: 'Actions for bob_builder' })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete user' }).click();
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    await page.getByTestId('toast-success').getByText('bob_builder deleted').waitFor();

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  test('a user at the latest expiry: the extend dialog says why it cannot go further', async () => {
    const { call } = harness;
    const { token, app, context, page, pageErrors } = await harness.ownerWithApp({ appName: 'Far Future' });
    const created = await call(
      'POST',
      `/v1/admin/apps/${app.appId}/users`,
      { username: 'methuselah', password: 'hunter22', expiresAt: LATEST_EXPIRY },
      token,
    );
    expect(created.status).toBe(201);
    await page.goto(`${harness.url}/apps/${app.appId}/users/${created.body.data.userId}`);
    await page.getByRole('heading', { name: 'methuselah', level: 1 }).waitFor();
    await page
      .getByRole('group', { name: 'Actions for methuselah' })
      .getByRole('button', { name: 'Extend', exact: true })
      .click();
    const extend = page.getByRole('dialog', { name: 'Extend methuselah' });
    await extend.getByLabel('Days').fill('1');
    await extend.getByRole('button', { name: 'Extend' }).click();
    await extend.getByText(`days would move expiresAt past ${LATEST_EXPIRY}`).waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
