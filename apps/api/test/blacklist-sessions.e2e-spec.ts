// A blacklist entry ends the live sessions it matches, in the transaction
// that adds it: a username entry the sessions of that user, an HWID entry the
// sessions opened with that HWID, an IP entry (address or range) the sessions
// opened from an address it covers. Everyone else's sessions keep working.
import { afterAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { clientFor, type TestClient } from './support/api.js';
import { createApp, createLicense, createUser, signedUpOwner, USER_PASSWORD } from './factories/index.js';
import { closeDb, db } from './support/db.js';
import { http } from './support/http.js';
import { secondApiProcess } from './support/second-api.js';
import { auditEntries, sessionState } from './support/reads.js';

const owner = signedUpOwner();
afterAll(closeDb);

type App = Awaited<ReturnType<typeof createApp>>;

async function block(app: App, type: string, value: string) {
  const res = await http('POST', `/v1/admin/apps/${app.appId}/blacklist`, {
    token: owner.token,
    body: { type, value },
  });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; value: string; sessionsEnded: number };
}

/** An app with a variable `motd`, and a client for it. */
async function appWithVariable() {
  const app = await createApp(owner);
  const variable = await http('POST', `/v1/admin/apps/${app.appId}/variables`, {
    token: owner.token,
    body: { key: 'motd', value: 'hello' },
  });
  expect(variable.status).toBe(201);
  return { app, client: clientFor(app) };
}

/** A new user of the app, logged in (with `hwid` if given); its session token and id. */
async function loggedIn(app: App, client: TestClient, name: string, hwid?: string) {
  await createUser(owner, app, { username: name, maxDevices: 5 });
  const res = await client.login(name, USER_PASSWORD, hwid);
  expect(res.status).toBe(200);
  const token: string = res.body.data.sessionToken;
  const { rows } = await db().query('SELECT id FROM sessions WHERE token_hash = $1', [tokenHash(token)]);
  return { token, sessionId: rows[0].id as string };
}

function tokenHash(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/** The address the session was opened from, as if the client had connected from `ip`. */
async function openedFrom(token: string, ip: string) {
  await db().query('UPDATE sessions SET ip = $2 WHERE token_hash = $1', [tokenHash(token), ip]);
}

async function expectEnded(client: TestClient, token: string) {
  for (const res of [await client.check(token), await client.variable(token, 'motd')]) {
    expect([res.status, res.body.message]).toEqual([401, 'Invalid or expired session']);
  }
}

async function expectLive(client: TestClient, token: string) {
  expect((await client.check(token)).status).toBe(200);
  expect((await client.variable(token, 'motd')).body.data).toEqual({ key: 'motd', value: 'hello' });
}

describe('a blacklist entry ends the sessions it matches', () => {
  it('username (in any case): that user’s sessions, audited with the count', async () => {
    const { app, client } = await appWithVariable();
    const alice = await loggedIn(app, client, 'alice');
    const aliceAgain = await loggedIn(app, client, 'alice2');
    const bob = await loggedIn(app, client, 'bob');
    const second = await client.login('alice', USER_PASSWORD);
    await expectLive(client, alice.token);

    const entry = await block(app, 'username', 'ALICE');
    await expectEnded(client, alice.token);
    await expectEnded(client, second.body.data.sessionToken);
    await expectLive(client, aliceAgain.token);
    await expectLive(client, bob.token);
    expect(entry).toMatchObject({ value: 'alice', sessionsEnded: 2 });
    expect(await sessionState(alice.sessionId)).toEqual({ ended: true, reason: 'blacklisted' });

    const [audit] = await auditEntries(owner, app, '&type=admin.blacklist.create');
    expect(audit.details).toMatchObject({ entryId: entry.id, type: 'username', value: 'alice', sessionsEnded: 2 });
  });

  it('HWID: the sessions opened with it, whoever’s they are', async () => {
    const { app, client } = await appWithVariable();
    const alice = await loggedIn(app, client, 'alice', 'HW-EVIL');
    const bob = await loggedIn(app, client, 'bob', 'HW-GOOD');
    const carol = await loggedIn(app, client, 'carol', 'hw-evil');

    const entry = await block(app, 'hwid', 'HW-EVIL');
    await expectEnded(client, alice.token);
    await expectLive(client, bob.token);
    await expectLive(client, carol.token);
    expect(entry.sessionsEnded).toBe(1);
  });

  it('IP: the sessions opened from the address or inside the range, IPv4-mapped included', async () => {
    const { app, client } = await appWithVariable();
    const inRange = await loggedIn(app, client, 'alice');
    const mapped = await loggedIn(app, client, 'alice2');
    const exact = await loggedIn(app, client, 'alice3');
    const v6 = await loggedIn(app, client, 'carol');
    const outside = await loggedIn(app, client, 'bob');
    const unparsable = await loggedIn(app, client, 'dave');
    await openedFrom(inRange.token, '203.0.113.9');
    await openedFrom(mapped.token, '::ffff:203.0.113.200');
    await openedFrom(exact.token, '192.0.2.1');
    // In 2001:db8::/32, with its zero hextets compressed right after the range's own.
    await openedFrom(v6.token, '2001:db8::1:0:0:5');
    await openedFrom(outside.token, '198.51.100.4');
    await openedFrom(unparsable.token, 'not-an-address');

    const range = await block(app, 'ip', '203.0.113.0/24');
    await expectEnded(client, inRange.token);
    await expectEnded(client, mapped.token);
    await expectLive(client, exact.token);
    const address = await block(app, 'ip', '192.0.2.1');
    await expectEnded(client, exact.token);
    await expectLive(client, v6.token);
    const v6Range = await block(app, 'ip', '2001:db8::/32');
    await expectEnded(client, v6.token);
    await expectLive(client, outside.token);
    await expectLive(client, unparsable.token);
    expect([range.sessionsEnded, address.sessionsEnded, v6Range.sessionsEnded]).toEqual([2, 1, 1]);
  });

  it('leaves another app’s sessions alone', async () => {
    const { app, client } = await appWithVariable();
    const other = await appWithVariable();
    const mine = await loggedIn(app, client, 'alice', 'HW-X');
    const theirs = await loggedIn(other.app, other.client, 'alice', 'HW-X');
    const entries = [await block(app, 'username', 'alice'), await block(app, 'hwid', 'HW-X')];
    await expectEnded(client, mine.token);
    await expectLive(other.client, theirs.token);
    expect(entries.map((entry) => entry.sessionsEnded)).toEqual([1, 0]);
  });

  it('a key used alone: blacklisting the key as a username ends its sessions and refuses it', async () => {
    const { app, client } = await appWithVariable();
    const license = await createLicense(owner, app);
    const first = await client.license(license.key);
    expect(first.status).toBe(200);
    const entry = await block(app, 'username', license.key.toLowerCase());
    await expectEnded(client, first.body.data.sessionToken);
    expect([(await client.license(license.key)).status, (await client.license(` ${license.key} `)).status]).toEqual([
      403, 403,
    ]);
    expect(entry.sessionsEnded).toBe(1);
  });

  it('the same entry added in parallel: one 201 that ends the sessions, the others 409', async () => {
    const { app, client } = await appWithVariable();
    const alice = await loggedIn(app, client, 'alice');
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        http('POST', `/v1/admin/apps/${app.appId}/blacklist`, {
          token: owner.token,
          body: { type: 'username', value: i % 2 ? 'ALICE' : 'alice' },
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    await expectEnded(client, alice.token);
    expect(results.find((r) => r.status === 201)!.body.data.sessionsEnded).toBe(1);
  });

  describe('across API processes', () => {
    const second = secondApiProcess();

    it('a session opened and used through another process ends there at once', async () => {
      const { app } = await appWithVariable();
      const viaSecond = clientFor(app, second.url);
      const alice = await loggedIn(app, viaSecond, 'alice', 'HW-1');
      const bob = await loggedIn(app, viaSecond, 'bob', 'HW-2');
      await expectLive(viaSecond, alice.token);
      const entry = await block(app, 'hwid', 'HW-1');
      await expectEnded(viaSecond, alice.token);
      await expectLive(viaSecond, bob.token);
      expect(entry.sessionsEnded).toBe(1);
    });
  });
});
