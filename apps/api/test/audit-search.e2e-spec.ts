// Issue 41: the audit log searched by what a vendor has from a ticket, a
// license key or a username. A key finds its client calls (refused ones
// included), its creation and changes, and its user's story; a username
// finds its calls and changes in any ASCII case. Never another key's,
// another user's or another app's entries.
import { afterAll, describe, expect, it } from '@jest/globals';
import { AUDIT_SEARCH_MESSAGE } from '@latchkey/contracts';
import { clientFor } from './support/api.js';
import { createApp, createLicense, createUser, signedUpOwner, USER_PASSWORD } from './factories/index.js';
import { closeDb } from './support/db.js';
import { eventually } from './support/eventually.js';
import { http } from './support/http.js';
import { auditEntries } from './support/reads.js';

const owner = signedUpOwner();
afterAll(closeDb);

/** The types of the app's entries a search finds, newest first. */
async function found(app: { appId: string }, query: string): Promise<string[]> {
  return (await auditEntries(owner, app, query)).map((entry) => entry.type);
}

describe('searching the audit log by key and by username', () => {
  it('finds a key’s whole story, and only its', async () => {
    const app = await createApp(owner);
    const license = await createLicense(owner, app);
    const otherKey = await createLicense(owner, app);
    const client = clientFor(app);
    const activated = await client.license(license.key, 'HW-1');
    expect(activated.status).toBe(200);
    const user = (await http('GET', `/v1/admin/apps/${app.appId}/users?search=${license.key}`, { token: owner.token }))
      .body.data[0];
    await http('POST', `/v1/admin/apps/${app.appId}/users/${user.userId}/extend`, {
      token: owner.token,
      body: { days: 7 },
    });
    await http('POST', `/v1/admin/apps/${app.appId}/licenses/${license.id}/ban`, { token: owner.token, body: {} });
    expect((await client.license(license.key)).body.success).toBe(false);
    await client.license(otherKey.key);
    await eventually(() => found(app, `&search=${license.key}`), { until: (types) => types.length === 5 });

    expect(await found(app, `&search=${license.key}`)).toEqual([
      'client.license', // refused: banned
      'admin.license.ban',
      'admin.user.extend',
      'client.license',
      'admin.license.generate',
    ]);
    const entries = await auditEntries(owner, app, `&search=${license.key}`);
    expect(entries[0]).toMatchObject({ actor: license.key, details: { outcome: 'failure' } });
    expect(entries[1].details).toMatchObject({ licenseId: license.id, key: license.key });
    expect(entries[3].details).toMatchObject({ outcome: 'success', userId: user.userId });
    // The other key of the app: its own generation and call only.
    expect(await found(app, `&search=${otherKey.key}`)).toEqual(['client.license', 'admin.license.generate']);
    // A filter narrows a search.
    expect(await found(app, `&search=${license.key}&type=client.license`)).toEqual([
      'client.license',
      'client.license',
    ]);
  });

  it('finds a user’s calls and changes by its name in any case, refused sign-ins included', async () => {
    const app = await createApp(owner);
    const other = await createApp(owner);
    const user = await createUser(owner, app, { username: 'Ticket_Bob' });
    await createUser(owner, app, { username: 'ticket_alice' });
    // The same name in another app is another user.
    await createUser(owner, other, { username: 'ticket_bob' });
    const client = clientFor(app);
    expect((await client.login('ticket_bob', 'wrong password')).status).toBe(401);
    expect((await client.login('Ticket_Bob', USER_PASSWORD)).status).toBe(200);
    await http('POST', `/v1/admin/apps/${app.appId}/users/${user.userId}/ban`, { token: owner.token, body: {} });
    await eventually(() => found(app, '&search=TICKET_BOB'), { until: (types) => types.length === 4 });

    expect(await found(app, '&search=TICKET_BOB')).toEqual([
      'admin.user.ban',
      'client.login',
      'client.login',
      'admin.user.create',
    ]);
    expect(await found(app, '&search=ticket_alice')).toEqual(['admin.user.create']);
    expect(await found(other, '&search=ticket_bob')).toEqual(['admin.user.create']);
    // A name or key nobody has: nothing, and the total says so.
    const none = await http('GET', `/v1/admin/apps/${app.appId}/logs?search=ticket_nobody`, { token: owner.token });
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ data: [], meta: { total: 0 } });
  });

  it('finds a deleted user’s entries by the name they recorded', async () => {
    const app = await createApp(owner);
    const user = await createUser(owner, app, { username: 'gone_user' });
    await http('DELETE', `/v1/admin/apps/${app.appId}/users/${user.userId}`, { token: owner.token });
    expect(await found(app, '&search=gone_user')).toEqual(['admin.user.delete', 'admin.user.create']);
  });

  it.each([['a%20b'], ['%25'], ['x'.repeat(65)], ['caf%C3%A9'], ['']])(
    'refuses search=%s with 400 and the contract’s envelope',
    async (search) => {
      const app = await createApp(owner);
      const res = await http('GET', `/v1/admin/apps/${app.appId}/logs?search=${search}`, { token: owner.token });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        code: 'VALIDATION',
        message: AUDIT_SEARCH_MESSAGE,
        errors: [AUDIT_SEARCH_MESSAGE],
        fields: [{ field: 'search', message: AUDIT_SEARCH_MESSAGE }],
      });
    },
  );
});
