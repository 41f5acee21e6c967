// The Sessions and Logs pages in a real browser: a user registered through
// POST /v1 shows up as a live session that the owner ends (the client's token
// then gets 401); the audit log shows the client calls, failed ones with their
// reason, filtered by type with the filter kept in the URL over a reload.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { ClientMessage } from '@latchkey/contracts';
import { startHarness } from './harness.mjs';

let harness;
let api;
let call;

beforeAll(async () => {
  harness = await startHarness('sessions_logs');
  ({ api, call } = harness);
}, 120_000);

afterAll(async () => {
  await harness?.stop();
}, 60_000);

describe('sessions and logs pages', () => {
  test('ends a live session and reads the audit log by type', async () => {
    const { token, app, context, page, pageErrors } = await harness.ownerWithApp({ appName: 'Sessions App' });
    const client = { appId: app.appId, apiKey: app.apiKey };
    const { sessionToken } = await harness.registerClientUser({ token }, app, {
      username: 'alice_1',
      hwid: 'HWID-ALICE-1',
    });
    const failed = await call('POST', '/v1', { ...client, type: 'login', username: 'alice_1', password: 'wrong-pass' });
    expect(failed.status).toBe(401);

    // Sessions: the live session with its IP and HWID; end it after confirming.
    await page.goto(`${api.url}/apps/${app.appId}/sessions`);
    await page.getByRole('heading', { name: 'Sessions', level: 1 }).waitFor();
    const row = page.getByRole('row', { name: /alice_1/ });
    await row.waitFor();
    const rowText = await row.innerText();
    expect(rowText).toContain('127.0.0.1');
    expect(rowText).toContain('HWID-ALICE-1');
    expect(await page.getByTestId('table-total').innerText()).toBe('1');
    await page.getByRole('button', { name: 'Actions for session of alice_1' }).click();
    await page.getByRole('menuitem', { name: 'End session' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'End session' }).click();
    await page.getByTestId('toast-success').getByText('Session of alice_1 ended').waitFor();
    await page.getByRole('table').getByText('No live sessions').waitFor();
    const check = await call('POST', '/v1', { ...client, type: 'check', sessionToken });
    expect(check.status).toBe(401);
    expect(check.body.message).toBe(ClientMessage.invalidSession);

    // Logs: everything, newest first, then only failed logins through the filter.
    await page.getByRole('link', { name: 'Logs' }).click();
    await page.getByRole('heading', { name: 'Logs', level: 1 }).waitFor();
    await page.getByRole('row', { name: /Session ended/ }).waitFor();
    await page.getByRole('row', { name: /Registration/ }).waitFor();
    await page.getByLabel('Type').selectOption('client.login');
    await page.waitForURL(/[?&]type=client\.login/);
    // The unfiltered page stays (dimmed) until the filtered one arrives.
    await page.getByRole('row', { name: /Registration/ }).waitFor({ state: 'detached' });
    const loginRow = page.getByRole('row', { name: /Sign-in with a password/ });
    await loginRow.waitFor();
    const loginText = await loginRow.innerText();
    expect(loginText).toContain('Failure');
    expect(loginText).toContain(ClientMessage.invalidLogin);

    // The filter survives a reload of the deep link.
    await page.reload();
    await page.getByRole('row', { name: /Sign-in with a password/ }).waitFor();
    expect(await page.getByLabel('Type').inputValue()).toBe('client.login');
    expect(await page.getByRole('row', { name: /Registration/ }).count()).toBe(0);

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
