import { afterAll, describe, expect, it } from '@jest/globals';
import { clientFor } from './support/api.js';
import {
  createApp,
  createLicense,
  createUser,
  signedUpOwner,
  signupOwner,
  USER_PASSWORD,
  username,
} from './factories/index.js';
import { closeDb } from './support/db.js';
import { eventually } from './support/eventually.js';
import { http } from './support/http.js';
import { secondApiProcess } from './support/second-api.js';
import { auditEntries } from './support/reads.js';

const owner = signedUpOwner();
afterAll(closeDb);

const blacklistPath = (app: { appId: string }, rest = '') => `/v1/admin/apps/${app.appId}/blacklist${rest}`;

async function block(app: { appId: string }, type: string, value: string, reason?: string) {
  const res = await http('POST', blacklistPath(app), { token: owner.token, body: { type, value, reason } });
  if (res.status !== 201) throw new Error(`blacklist failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: string; value: string };
}

describe('blacklist entries', () => {
  it('adds IP, CIDR, HWID and username entries with 201; IPs and usernames are stored canonical', async () => {
    const app = await createApp(owner);
    const res = await http('POST', blacklistPath(app), {
      token: owner.token,
      body: { type: 'ip', value: '198.51.100.77/24', reason: 'proxy farm' },
    });
    expect([res.status, res.body]).toEqual([
      201,
      {
        success: true,
        data: {
          id: expect.any(String),
          type: 'ip',
          value: '198.51.100.0/24',
          reason: 'proxy farm',
          createdAt: expect.stringMatching(/Z$/),
          sessionsEnded: 0,
        },
      },
    ]);
    expect((await block(app, 'ip', '2001:DB8:0:0::1')).value).toBe('2001:db8::1');
    expect((await block(app, 'ip', '2001:db8:abcd:1::/48')).value).toBe('2001:db8:abcd::/48');
    expect((await block(app, 'hwid', 'HW-EVIL')).value).toBe('HW-EVIL');
    const user = await block(app, 'username', 'Mallory');
    expect(user).toMatchObject({ value: 'mallory', reason: null });
  });

  it('lists newest first with a type filter and paging, and deletes', async () => {
    const app = await createApp(owner);
    const first = await block(app, 'ip', '203.0.113.1');
    const second = await block(app, 'hwid', 'HW-2');
    const third = await block(app, 'ip', '203.0.113.3');
    const list = await http('GET', blacklistPath(app, '?limit=2'), { token: owner.token });
    expect(list.status).toBe(200);
    expect(list.body.meta).toEqual({ page: 1, limit: 2, total: 3 });
    expect(list.body.data.map((e: { id: string }) => e.id)).toEqual([third.id, second.id]);
    const ips = await http('GET', blacklistPath(app, '?type=ip'), { token: owner.token });
    expect(ips.body.data.map((e: { id: string }) => e.id)).toEqual([third.id, first.id]);

    const removed = await http('DELETE', blacklistPath(app, `/${second.id}`), { token: owner.token });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ success: true, data: {} });
    expect((await http('DELETE', blacklistPath(app, `/${second.id}`), { token: owner.token })).status).toBe(404);
    expect((await http('DELETE', blacklistPath(app, '/not-a-uuid'), { token: owner.token })).status).toBe(404);
    expect((await http('GET', blacklistPath(app), { token: owner.token })).body.meta.total).toBe(2);

    const entries = await auditEntries(owner, app, '&type=admin.blacklist');
    expect(entries.map((e) => [e.type, e.details.value])).toEqual([
      ['admin.blacklist.delete', 'HW-2'],
      ['admin.blacklist.create', '203.0.113.3'],
      ['admin.blacklist.create', 'HW-2'],
      ['admin.blacklist.create', '203.0.113.1'],
    ]);
    expect(entries[0]).toMatchObject({ actor: owner.email, ip: '127.0.0.1' });
  });

  it('refuses a duplicate with 409: the same range spelled otherwise, a username in another case', async () => {
    const app = await createApp(owner);
    await block(app, 'ip', '10.0.0.0/8');
    await block(app, 'username', 'Mallory');
    for (const [type, value] of [
      ['ip', '10.20.30.40/8'],
      ['username', 'mALLORY'],
    ]) {
      const res = await http('POST', blacklistPath(app), { token: owner.token, body: { type, value } });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ success: false, code: 'CONFLICT', message: 'Blacklist entry already exists' });
    }
    // HWIDs are compared exactly, and another app has its own list.
    await block(app, 'hwid', 'hw-a');
    await block(app, 'hwid', 'HW-A');
    await block(await createApp(owner), 'ip', '10.0.0.0/8');
  });

  it.each([
    [{ value: '1.2.3.4' }, 'type must be one of ip, hwid, username'],
    [{ type: 'email', value: 'x' }, 'type must be one of ip, hwid, username'],
    [{ type: 'ip' }, 'value must be a string'],
    [{ type: 'ip', value: 'localhost' }, 'value must be an IPv4 or IPv6 address or CIDR range'],
    [{ type: 'ip', value: '10.0.0.0/33' }, 'value must be an IPv4 or IPv6 address or CIDR range'],
    [{ type: 'ip', value: '2001:db8::/129' }, 'value must be an IPv4 or IPv6 address or CIDR range'],
    [{ type: 'hwid', value: '' }, 'value must be 1-256 characters'],
    [{ type: 'hwid', value: 'x'.repeat(257) }, 'value must be 1-256 characters'],
    [{ type: 'username', value: 'no spaces' }, 'value must be a username: 3-32 characters of A-Z, a-z, 0-9, _ . -'],
    [{ type: 'hwid', value: 'HW', reason: 'x'.repeat(501) }, 'reason must be at most 500 characters'],
    [{ type: 'hwid', value: 'HW', reason: 1 }, 'reason must be a string'],
  ])('rejects %j with 400', async (body, message) => {
    const app = await createApp(owner);
    const res = await http('POST', blacklistPath(app), { token: owner.token, body });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect((await http('GET', blacklistPath(app), { token: owner.token })).body.meta.total).toBe(0);
  });

  it('rejects an unknown type filter with 400', async () => {
    const app = await createApp(owner);
    const res = await http('GET', blacklistPath(app, '?type=email'), { token: owner.token });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('type must be one of ip, hwid, username');
  });

  it('requires a bearer token, and answers 404 across tenants', async () => {
    const app = await createApp(owner);
    const entry = await block(app, 'hwid', 'HW-X');
    expect((await http('GET', blacklistPath(app))).status).toBe(401);
    expect((await http('POST', blacklistPath(app), { body: { type: 'hwid', value: 'HW-Y' } })).status).toBe(401);
    expect((await http('DELETE', blacklistPath(app, `/${entry.id}`))).status).toBe(401);

    const intruder = await signupOwner();
    const intruderApp = await createApp(intruder);
    expect((await http('GET', blacklistPath(app), { token: intruder.token })).status).toBe(404);
    expect(
      (await http('POST', blacklistPath(app), { token: intruder.token, body: { type: 'hwid', value: 'HW-Y' } })).status,
    ).toBe(404);
    expect((await http('DELETE', blacklistPath(app, `/${entry.id}`), { token: intruder.token })).status).toBe(404);
    expect((await http('DELETE', blacklistPath(intruderApp, `/${entry.id}`), { token: intruder.token })).status).toBe(
      404,
    );
    const sibling = await createApp(owner);
    expect((await http('DELETE', blacklistPath(sibling, `/${entry.id}`), { token: owner.token })).status).toBe(404);
    expect((await http('GET', blacklistPath(app), { token: owner.token })).body.meta.total).toBe(1);
  });
});

// What POST /v1 refuses for a blacklisted IP, HWID or username.
describe('enforcement on the client endpoint', () => {
  async function appWithUser() {
    const app = await createApp(owner);
    const user = await createUser(owner, app);
    return { app, user, client: clientFor(app) };
  }

  function expectDenied(res: { status: number; body: { success: boolean; message: string } }) {
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, message: 'Access denied' });
  }

  it('refuses an IP range on init, login, register and license, and lets in again once removed', async () => {
    const { app, user, client } = await appWithUser();
    const license = await createLicense(owner, app);
    const entry = await block(app, 'ip', '127.0.0.0/8');
    expectDenied(await client.init());
    expectDenied(await client.login(user.username, USER_PASSWORD));
    expectDenied(await client.register(username(), USER_PASSWORD, license.key));
    expectDenied(await client.license(license.key));
    // Another app's clients from the same address are not affected.
    expect((await clientFor(await createApp(owner)).init()).status).toBe(200);

    await http('DELETE', blacklistPath(app, `/${entry.id}`), { token: owner.token });
    expect((await client.login(user.username, USER_PASSWORD)).status).toBe(200);
  });

  it('refuses a single address', async () => {
    const { app, user, client } = await appWithUser();
    await block(app, 'ip', '127.0.0.1');
    expectDenied(await client.login(user.username, USER_PASSWORD));
  });

  it('refuses an HWID on login, register and license', async () => {
    const { app, user, client } = await appWithUser();
    const license = await createLicense(owner, app);
    await block(app, 'hwid', 'HW-EVIL');
    expectDenied(await client.login(user.username, USER_PASSWORD, 'HW-EVIL'));
    expectDenied(await client.register(username(), USER_PASSWORD, license.key, 'HW-EVIL'));
    expectDenied(await client.license(license.key, 'HW-EVIL'));
    expect((await client.login(user.username, USER_PASSWORD, 'HW-GOOD')).status).toBe(200);
    expect((await client.license(license.key, 'HW-GOOD')).status).toBe(200);
  });

  it('refuses a username in any case on login and register', async () => {
    const { app, user, client } = await appWithUser();
    const license = await createLicense(owner, app);
    await block(app, 'username', user.username.toUpperCase());
    expectDenied(await client.login(user.username, USER_PASSWORD));
    // Denied before the taken-username check could answer 409.
    expectDenied(await client.register(user.username.toLowerCase(), USER_PASSWORD, license.key));
    await block(app, 'username', 'Mallory');
    expectDenied(await client.register('mallory', USER_PASSWORD, license.key));
    expect((await client.register(username(), USER_PASSWORD, license.key)).status).toBe(200);
  });

  it('checks the blacklist before the operation’s own checks', async () => {
    const { app, client } = await appWithUser();
    await block(app, 'username', 'Mallory');
    // Unknown user and unknown key would be 401 and 404; the blacklist answers first.
    expectDenied(await client.login('Mallory', 'wrong password'));
    expectDenied(await client.register('Mallory', USER_PASSWORD, 'AAAAA-BBBBB-CCCCC-DDDDD'));
  });

  describe('across API processes', () => {
    const second = secondApiProcess();

    it('a change made through one process applies in another that had the list cached', async () => {
      const app = await createApp(owner);
      const initViaSecond = async () =>
        (
          await http('POST', '/v1', {
            baseUrl: second.url,
            body: { type: 'init', appId: app.appId, apiKey: app.apiKey },
          })
        ).status;
      expect(await initViaSecond()).toBe(200);
      const entry = await block(app, 'ip', '127.0.0.0/8');
      // Pub/sub delivery is asynchronous: allow it a moment.
      expect(await eventually(initViaSecond, { until: (status) => status === 403 })).toBe(403);
      await http('DELETE', blacklistPath(app, `/${entry.id}`), { token: owner.token });
      expect(await eventually(initViaSecond, { until: (status) => status === 200 })).toBe(200);
    });
  });
});
