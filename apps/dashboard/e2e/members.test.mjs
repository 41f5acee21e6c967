// Teams in a real browser: the owner invites a support member and copies the
// single-use link; the member signs up through it, accepts and lands on the
// app; as support it resets a user's HWID and bans, sees none of the pages or
// buttons of higher roles and is refused (403) when it calls one anyway; the
// owner finds its change in the Logs by member, removes it, and the member's
// next page load and request lose the app. A member also leaves on its own,
// from the applications list.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { AdminMessage } from '@latchkey/contracts';
import { PASSWORD, startHarness, uniqueEmail } from './harness.mjs';

let harness;

beforeAll(async () => {
  harness = await startHarness('members');
}, 120_000);

afterAll(async () => {
  await harness?.stop();
}, 60_000);

describe('members', () => {
  test('invite, accept, act within the role, be refused outside it, be removed', async () => {
    const { call, url } = harness;
    const owner = await harness.ownerWithApp({ appName: 'Team App' });
    const { app } = owner;
    await harness.registerClientUser(owner, app, { username: 'carol', hwid: 'HWID-CAROL' });
    await owner.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });

    // The owner invites a support member and copies the link.
    const ownerPage = owner.page;
    await ownerPage.goto(`${url}/apps/${app.appId}/members`);
    await ownerPage.getByRole('heading', { name: 'Members', level: 1 }).waitFor();
    await ownerPage
      .getByRole('table', { name: 'Members' })
      .getByRole('row', { name: new RegExp(owner.email) })
      .waitFor();
    await ownerPage.getByRole('button', { name: 'Invite member' }).click();
    const invite = ownerPage.getByRole('dialog', { name: 'Invite a member' });
    const roles = await invite.getByLabel('Role').locator('option').allInnerTexts();
    expect(roles).toEqual(['Admin', 'Manager', 'Support', 'Viewer']);
    await invite.getByLabel('Role').selectOption('support');
    await invite.getByLabel('Label (optional)').fill('For Sam, support');
    await invite.getByRole('button', { name: 'Create link' }).click();
    await ownerPage.getByRole('heading', { name: 'Invitation link (Support, For Sam, support)' }).waitFor();
    await ownerPage.getByRole('button', { name: 'Copy', exact: true }).click();
    await ownerPage.getByText('Link copied to the clipboard').waitFor();
    const link = await ownerPage.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${url}/invite/lki_[A-Za-z0-9_-]{43}$`));
    // Invitations are told apart by their label.
    await ownerPage
      .getByRole('table', { name: 'Pending invitations' })
      .getByRole('row', { name: new RegExp(`For Sam, support.*${owner.email}`) })
      .waitFor();

    // The invitee opens the link signed out, signs up through it and accepts.
    const memberContext = await harness.browser.newContext();
    const memberPage = await memberContext.newPage();
    const pageErrors = [];
    memberPage.on('pageerror', (error) => pageErrors.push(error));
    await memberPage.goto(link);
    await memberPage.getByTestId('invitation-summary').waitFor();
    expect(await memberPage.getByTestId('invitation-summary').innerText()).toBe(
      `${owner.email} invites you to join Team App as support.`,
    );
    await memberPage.getByRole('link', { name: 'Create an account' }).click();
    const memberEmail = uniqueEmail('support');
    await memberPage.getByLabel('Email').fill(memberEmail);
    await memberPage.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await memberPage.getByRole('button', { name: 'Create account' }).click();
    await memberPage.waitForURL(/\/invite\/lki_/);
    await memberPage.getByText(`Signed in as ${memberEmail}.`).waitFor();
    await memberPage.getByRole('button', { name: 'Accept invitation' }).click();
    await memberPage.getByTestId('app-role').waitFor();
    expect(memberPage.url()).toBe(`${url}/apps/${app.appId}`);
    expect(await memberPage.getByTestId('app-role').innerText()).toContain('Support');
    const memberToken = await memberPage.evaluate(() => sessionStorage.getItem('latchkey.accessToken'));

    // The link was single-use.
    const reused = await call(
      'POST',
      '/v1/admin/invitations/accept',
      { token: link.split('/invite/')[1] },
      memberToken,
    );
    expect(reused.status).toBe(410);

    // Support's navigation: the pages it may read, none of the admin's or the manager's.
    const nav = memberPage.getByRole('navigation', { name: 'Application' });
    await nav.getByRole('link', { name: 'Users' }).waitFor();
    for (const hidden of ['Webhooks', 'Settings', 'Members', 'Bulk actions', 'KeyAuth', 'Import from KeyAuth']) {
      expect(await nav.getByRole('link', { name: hidden }).count()).toBe(0);
    }

    // No key creation for support, in the page or through the API.
    await nav.getByRole('link', { name: 'Licenses' }).click();
    await memberPage.getByRole('heading', { name: 'Licenses', level: 1 }).waitFor();
    await memberPage.getByRole('table', { name: 'Licenses' }).getByRole('row').nth(1).waitFor();
    expect(await memberPage.getByRole('button', { name: 'Generate keys' }).count()).toBe(0);
    const refused = await call(
      'POST',
      `/v1/admin/apps/${app.appId}/licenses`,
      { count: 1, durationType: '30d' },
      memberToken,
    );
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      success: false,
      message: AdminMessage.roleNotAllowed,
      code: 'ROLE_NOT_ALLOWED',
    });
    await memberPage.goto(`${url}/apps/${app.appId}/settings`);
    await memberPage.getByRole('heading', { name: 'Not available for your role' }).waitFor();

    // Within the role: reset carol's HWID and ban her; deleting is not offered.
    await memberPage.goto(`${url}/apps/${app.appId}/users`);
    await memberPage.getByRole('row', { name: /carol/ }).waitFor();
    expect(await memberPage.getByRole('button', { name: 'New user' }).count()).toBe(0);
    await memberPage.getByRole('link', { name: 'carol' }).click();
    await memberPage.getByRole('heading', { name: 'carol', level: 1 }).waitFor();
    const actions = memberPage.getByRole('group', { name: 'Actions for carol' });
    const items = await actions.getByRole('button').allInnerTexts();
    expect(items).toEqual(['Ban', 'Extend', 'Set expiry', 'Reset HWID', 'End all sessions']);
    await actions.getByRole('button', { name: 'Reset HWID' }).click();
    await memberPage.getByRole('alertdialog').getByRole('button', { name: 'Reset HWID' }).click();
    await memberPage.getByTestId('toast-success').getByText('HWID of carol reset').waitFor();
    await actions.getByRole('button', { name: 'Ban', exact: true }).click();
    await memberPage.getByRole('button', { name: 'Ban user' }).click();
    await memberPage
      .getByTestId('toast-success')
      .getByText(/carol banned/)
      .waitFor();
    const carol = (await call('GET', `/v1/admin/apps/${app.appId}/users?search=carol`, undefined, owner.token)).body
      .data[0];
    expect(carol).toMatchObject({ hwid: null, banned: true });

    // The owner sees the member's changes in the Logs, filtered by member.
    const members = (await call('GET', `/v1/admin/apps/${app.appId}/members`, undefined, owner.token)).body.data;
    const member = members.find((entry) => entry.email === memberEmail);
    expect(member).toMatchObject({ role: 'support', owner: false });
    await ownerPage.goto(`${url}/apps/${app.appId}/logs`);
    await ownerPage.getByLabel('Member').selectOption(member.accountId);
    await ownerPage.waitForURL(new RegExp(`actorId=${member.accountId}`));
    // The filtered page replaces the unfiltered one (shown dimmed until it arrives).
    await ownerPage.waitForFunction((email) => {
      const cells = [...document.querySelectorAll('table[aria-label="Audit log"] tbody tr td:nth-child(3)')];
      return cells.length >= 2 && cells.every((cell) => cell.innerText.trim() === email);
    }, memberEmail);
    const actors = await ownerPage
      .getByRole('table', { name: 'Audit log' })
      .locator('tbody tr td:nth-child(3)')
      .allInnerTexts();
    expect(actors.length).toBeGreaterThanOrEqual(2);
    expect(new Set(actors)).toEqual(new Set([memberEmail]));

    // The owner removes the member.
    await ownerPage.goto(`${url}/apps/${app.appId}/members`);
    await ownerPage.getByRole('button', { name: `Actions for ${memberEmail}` }).click();
    await ownerPage.getByRole('menuitem', { name: 'Remove' }).click();
    await ownerPage.getByRole('alertdialog').getByRole('button', { name: 'Remove member' }).click();
    await ownerPage.getByTestId('toast-success').getByText(`${memberEmail} removed`).waitFor();

    // The member's next request and page load lose the app.
    const after = await call('GET', `/v1/admin/apps/${app.appId}/users`, undefined, memberToken);
    expect(after.status).toBe(404);
    await memberPage.reload();
    await memberPage.getByRole('heading', { name: 'Application not found' }).waitFor();
    await memberPage.goto(`${url}/apps`);
    await memberPage.getByText('No applications yet').waitFor();

    expect(pageErrors).toEqual([]);
    expect(owner.pageErrors).toEqual([]);
    await memberContext.close();
    await owner.context.close();
  }, 180_000);

  test('a member leaves an application from the list; its owner is not offered to', async () => {
    const { call, url } = harness;
    const owner = await harness.ownerWithApp({ appName: 'Left App' });
    const invitation = await call(
      'POST',
      `/v1/admin/apps/${owner.app.appId}/invitations`,
      { role: 'viewer' },
      owner.token,
    );
    expect(invitation.status).toBe(201);
    const member = await harness.newOwner('leaver');
    const accepted = await call(
      'POST',
      '/v1/admin/invitations/accept',
      { token: invitation.body.data.token },
      member.token,
    );
    expect(accepted.status).toBe(200);

    // The owner's own row offers nothing to leave.
    await owner.page.goto(`${url}/apps`);
    await owner.page
      .getByRole('table', { name: 'Applications' })
      .getByRole('row', { name: /Left App/ })
      .waitFor();
    expect(await owner.page.getByRole('button', { name: 'Actions for Left App' }).count()).toBe(0);

    const { context, page, pageErrors } = await harness.signedInPage(member.token);
    await page.goto(`${url}/apps`);
    await page
      .getByRole('table', { name: 'Applications' })
      .getByRole('row', { name: /Left App/ })
      .waitFor();
    await page.getByRole('button', { name: 'Actions for Left App' }).click();
    await page.getByRole('menuitem', { name: 'Leave' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Leave application' }).click();
    await page.getByTestId('toast-success').getByText('You left Left App').waitFor();
    await page.getByText('No applications yet').waitFor();

    const members = (await call('GET', `/v1/admin/apps/${owner.app.appId}/members`, undefined, owner.token)).body.data;
    expect(members.map((entry) => entry.email)).toEqual([owner.email]);
    const after = await call('GET', `/v1/admin/apps/${owner.app.appId}`, undefined, member.token);
    expect(after.status).toBe(404);
    expect(pageErrors).toEqual([]);
    expect(owner.pageErrors).toEqual([]);
    await context.close();
    await owner.context.close();
  }, 120_000);
});
