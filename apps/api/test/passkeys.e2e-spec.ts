// Issue 28, passkeys: register several, list, rename, remove; sign in with one
// and no password, or as the second step after the password; every WebAuthn
// challenge used once and only before it expires. A software authenticator (support/software-authenticator.ts)
// signs real ES256 assertions.
import { afterAll, describe, expect, it } from '@jest/globals';
import { PasskeyLimits } from '@latchkey/contracts';
import { randomBytes } from 'node:crypto';
import { signupOwner } from './factories/index.js';
import { closeDb, db } from './support/db.js';
import { http } from './support/http.js';
import {
  authenticate,
  FROM_ORIGIN,
  newAuthenticator,
  passwordlessOptions,
  passwordlessSignInBody,
  registerPasskey,
} from './support/passkeys.js';
import { SoftwareAuthenticator } from './support/software-authenticator.js';
import { signInChallenge } from './support/two-factor.js';

afterAll(closeDb);

const CHALLENGE_GONE = {
  success: false,
  code: 'PASSKEY_CHALLENGE_EXPIRED',
  message: 'Passkey challenge expired or already used',
};
const REFUSED = { success: false, code: 'PASSKEY_REFUSED', message: 'Passkey not recognised' };

async function passkeysOf(token: string) {
  const res = await http('GET', '/v1/admin/auth/passkeys', { token });
  expect(res.status).toBe(200);
  return res.body.data as Array<{ id: string; name: string; createdAt: string; lastUsedAt: string | null }>;
}

async function registrationOptions(token: string) {
  const res = await http('POST', '/v1/admin/auth/passkeys/registration-options', { token, headers: FROM_ORIGIN });
  expect(res.status).toBe(200);
  return res.body.data;
}

describe('registering passkeys', () => {
  it('registers several under names, lists them, renames one and removes one', async () => {
    const owner = await signupOwner();
    const laptop = await registerPasskey(owner.token, newAuthenticator(), 'Laptop');
    const phone = await registerPasskey(owner.token, newAuthenticator(), '  Phone  ');
    expect(await passkeysOf(owner.token)).toEqual([
      { id: laptop, name: 'Laptop', createdAt: expect.any(String), lastUsedAt: null },
      { id: phone, name: 'Phone', createdAt: expect.any(String), lastUsedAt: null },
    ]);

    const renamed = await http('PATCH', `/v1/admin/auth/passkeys/${phone}`, {
      token: owner.token,
      body: { name: 'Work phone' },
    });
    expect([renamed.status, renamed.body.data.name]).toEqual([200, 'Work phone']);
    const removed = await http('DELETE', `/v1/admin/auth/passkeys/${laptop}`, { token: owner.token });
    expect([removed.status, removed.body]).toEqual([200, { success: true, data: {} }]);
    expect((await passkeysOf(owner.token)).map((passkey) => passkey.name)).toEqual(['Work phone']);

    const { rows } = await db().query(`SELECT type FROM audit_log WHERE actor = $1`, [owner.email]);
    expect(rows.map((row) => row.type).sort()).toEqual([
      'admin.passkey.register',
      'admin.passkey.register',
      'admin.passkey.remove',
      'admin.passkey.rename',
    ]);
  });

  it(`registers at most ${PasskeyLimits.perAccountMax} per account, also when the last ones arrive at once`, async () => {
    const owner = await signupOwner();
    for (let i = 1; i < PasskeyLimits.perAccountMax; i++)
      await registerPasskey(owner.token, newAuthenticator(), `Key ${i}`);
    // Two ceremonies started at one below the limit, answered together: one passkey is saved.
    const ceremonies = await Promise.all(
      [newAuthenticator(), newAuthenticator()].map(async (authenticator) => ({
        authenticator,
        options: await registrationOptions(owner.token),
      })),
    );
    const answers = await Promise.all(
      ceremonies.map(({ authenticator, options }, i) =>
        http('POST', '/v1/admin/auth/passkeys', {
          token: owner.token,
          headers: FROM_ORIGIN,
          body: { name: `Last ${i}`, response: authenticator.register(options) },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body).toEqual({
      success: false,
      code: 'PASSKEY_LIMIT',
      message: 'Passkey limit reached',
    });
    expect(await passkeysOf(owner.token)).toHaveLength(PasskeyLimits.perAccountMax);
    // At the limit, a new ceremony does not start.
    const more = await http('POST', '/v1/admin/auth/passkeys/registration-options', {
      token: owner.token,
      headers: FROM_ORIGIN,
    });
    expect([more.status, more.body.code]).toEqual([409, 'PASSKEY_LIMIT']);
  });

  it("refuses a credential another account registered, and leaves that account's passkey as it was", async () => {
    const first = await signupOwner();
    const second = await signupOwner();
    const credentialId = randomBytes(16);
    const firstId = await registerPasskey(first.token, newAuthenticator(), 'Shared', credentialId);
    const options = await registrationOptions(second.token);
    const taken = await http('POST', '/v1/admin/auth/passkeys', {
      token: second.token,
      headers: FROM_ORIGIN,
      body: { name: 'Shared', response: newAuthenticator().register(options, credentialId) },
    });
    expect([taken.status, taken.body]).toEqual([
      409,
      { success: false, code: 'PASSKEY_TAKEN', message: 'Passkey already registered' },
    ]);
    expect(await passkeysOf(second.token)).toEqual([]);
    expect((await passkeysOf(first.token)).map((passkey) => passkey.id)).toEqual([firstId]);
  });

  it('keeps credentials and key material out of every answer', async () => {
    const owner = await signupOwner();
    const authenticator = newAuthenticator();
    await registerPasskey(owner.token, authenticator);
    const listed = JSON.stringify(await passkeysOf(owner.token));
    expect(listed).not.toContain(authenticator.credentials[0]!.id);
  });

  it("answers 404 to another account's passkey, and leaves it as it was", async () => {
    const owner = await signupOwner();
    const other = await signupOwner();
    const theirs = await registerPasskey(other.token, newAuthenticator(), 'Theirs');
    const rename = await http('PATCH', `/v1/admin/auth/passkeys/${theirs}`, {
      token: owner.token,
      body: { name: 'Mine now' },
    });
    const remove = await http('DELETE', `/v1/admin/auth/passkeys/${theirs}`, { token: owner.token });
    expect([rename.status, remove.status]).toEqual([404, 404]);
    expect((await passkeysOf(other.token)).map((passkey) => passkey.name)).toEqual(['Theirs']);
  });

  it('uses a registration challenge once, and only for the account it was given to', async () => {
    const owner = await signupOwner();
    const other = await signupOwner();
    const authenticator = newAuthenticator();
    const response = authenticator.register(await registrationOptions(owner.token));

    const stolen = await http('POST', '/v1/admin/auth/passkeys', {
      token: other.token,
      headers: FROM_ORIGIN,
      body: { name: 'Stolen', response },
    });
    expect([stolen.status, stolen.body]).toEqual([401, CHALLENGE_GONE]);

    const [first, second] = await Promise.all(
      [1, 2].map(() =>
        http('POST', '/v1/admin/auth/passkeys', {
          token: owner.token,
          headers: FROM_ORIGIN,
          body: { name: 'A', response },
        }),
      ),
    );
    expect([first!.status, second!.status].sort()).toEqual([201, 401]);
    expect(await passkeysOf(other.token)).toEqual([]);
    expect(await passkeysOf(owner.token)).toHaveLength(1);
  });

  it('refuses an expired challenge, one answered on another origin, and a request without an origin', async () => {
    const owner = await signupOwner();
    const options = await registrationOptions(owner.token);
    await db().query(
      `UPDATE passkey_challenges SET expires_at = now() - interval '1 second' WHERE challenge_hash = sha256($1)`,
      [options.challenge],
    );
    const expired = await http('POST', '/v1/admin/auth/passkeys', {
      token: owner.token,
      headers: FROM_ORIGIN,
      body: { name: 'Late', response: newAuthenticator().register(options) },
    });
    expect([expired.status, expired.body]).toEqual([401, CHALLENGE_GONE]);

    const phishing = new SoftwareAuthenticator('https://lk.example.test.evil.example');
    const elsewhere = await http('POST', '/v1/admin/auth/passkeys', {
      token: owner.token,
      headers: FROM_ORIGIN,
      body: { name: 'Phished', response: phishing.register(await registrationOptions(owner.token)) },
    });
    expect([elsewhere.status, elsewhere.body.code]).toEqual([400, 'PASSKEY_REGISTRATION_FAILED']);

    const noOrigin = await http('POST', '/v1/admin/auth/passkeys/registration-options', { token: owner.token });
    expect([noOrigin.status, noOrigin.body]).toEqual([
      400,
      { success: false, code: 'PASSKEY_ORIGIN', message: 'Origin not allowed for passkeys' },
    ]);
    expect(await passkeysOf(owner.token)).toEqual([]);
  });

  it('refuses a malformed answer and a blank name', async () => {
    const owner = await signupOwner();
    const malformed = await http('POST', '/v1/admin/auth/passkeys', {
      token: owner.token,
      headers: FROM_ORIGIN,
      body: { name: 'Broken', response: { id: 'x', response: { clientDataJSON: 'not json' } } },
    });
    expect([malformed.status, malformed.body.code]).toEqual([400, 'PASSKEY_REGISTRATION_FAILED']);
    const noName = await http('POST', '/v1/admin/auth/passkeys', {
      token: owner.token,
      headers: FROM_ORIGIN,
      body: { name: '   ', response: {} },
    });
    expect([noName.status, noName.body.code]).toEqual([400, 'VALIDATION']);
  });
});

describe('passwordless sign-in', () => {
  it('signs in the account whose passkey answers, with a login token, and stamps the passkey used', async () => {
    const owner = await signupOwner();
    const authenticator = newAuthenticator();
    const passkeyId = await registerPasskey(owner.token, authenticator);

    const res = await authenticate(await passwordlessSignInBody(authenticator));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      accessToken: expect.stringMatching(/^lka_/),
      tokenType: 'Bearer',
      expiresIn: expect.any(Number),
      account: { id: owner.accountId, email: owner.email, role: 'owner' },
    });
    const me = await http('GET', '/v1/admin/me', { token: res.body.data.accessToken });
    expect(me.body.data.account.id).toBe(owner.accountId);
    const [passkey] = await passkeysOf(owner.token);
    expect([passkey!.id, passkey!.lastUsedAt]).toEqual([passkeyId, expect.any(String)]);
  });

  it('refuses a replayed assertion, also when both copies arrive at once', async () => {
    const owner = await signupOwner();
    const authenticator = newAuthenticator();
    await registerPasskey(owner.token, authenticator);
    const body = await passwordlessSignInBody(authenticator);
    const answers = await Promise.all([authenticate(body), authenticate(body)]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 401]);
    const replay = await authenticate(body);
    expect([replay.status, replay.body]).toEqual([401, CHALLENGE_GONE]);
  });

  it('refuses an assertion sent with another challenge id, and an expired challenge', async () => {
    const owner = await signupOwner();
    const authenticator = newAuthenticator();
    await registerPasskey(owner.token, authenticator);
    const answered = await passwordlessOptions();
    const other = await passwordlessOptions();
    const swapped = await authenticate({
      passkeyChallengeId: other.passkeyChallengeId,
      response: authenticator.authenticate(answered.options),
    });
    expect([swapped.status, swapped.body]).toEqual([401, CHALLENGE_GONE]);

    const late = await passwordlessOptions();
    await db().query(`UPDATE passkey_challenges SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      late.passkeyChallengeId,
    ]);
    const expired = await authenticate({
      passkeyChallengeId: late.passkeyChallengeId,
      response: authenticator.authenticate(late.options),
    });
    expect([expired.status, expired.body]).toEqual([401, CHALLENGE_GONE]);
  });

  it('refuses a removed passkey, an unknown one, a signature by another key, and a counter that went back', async () => {
    const owner = await signupOwner();
    const authenticator = newAuthenticator();
    const passkeyId = await registerPasskey(owner.token, authenticator);
    const credential = authenticator.credentials[0]!;

    // A clone of the authenticator whose counter is behind the one the API saw.
    expect((await authenticate(await passwordlessSignInBody(authenticator))).status).toBe(200);
    credential.counter -= 1;
    const cloned = await authenticate(await passwordlessSignInBody(authenticator));
    expect([cloned.status, cloned.body]).toEqual([401, REFUSED]);

    // The right credential id, signed by another key.
    const forger = newAuthenticator();
    await registerPasskey((await signupOwner()).token, forger);
    const forged = await passwordlessSignInBody(forger);
    const forgedBody = {
      ...forged,
      response: {
        ...forged.response,
        id: credential.id,
        rawId: credential.id,
        response: { ...forged.response.response, userHandle: credential.userHandle },
      },
    };
    expect(await authenticate(forgedBody).then((res) => [res.status, res.body])).toEqual([401, REFUSED]);

    const unknown = newAuthenticator();
    unknown.register({ challenge: 'x', rp: { id: 'lk.example.test', name: 'x' }, user: { id: 'AAAA', name: 'x' } });
    expect((await authenticate(await passwordlessSignInBody(unknown))).body).toEqual(REFUSED);

    await http('DELETE', `/v1/admin/auth/passkeys/${passkeyId}`, { token: owner.token });
    expect((await authenticate(await passwordlessSignInBody(authenticator))).body).toEqual(REFUSED);
  });

  it("refuses a passkey presented with another account's user handle", async () => {
    const owner = await signupOwner();
    const other = await signupOwner();
    const mine = newAuthenticator();
    const theirs = newAuthenticator();
    await registerPasskey(owner.token, mine);
    await registerPasskey(other.token, theirs);
    const { passkeyChallengeId, options } = await passwordlessOptions();
    const response = theirs.authenticate(options);
    response.response.userHandle = mine.credentials[0]!.userHandle;
    expect((await authenticate({ passkeyChallengeId, response })).body).toEqual(REFUSED);
  });

  it('does not sign in a disabled account', async () => {
    const owner = await signupOwner();
    const authenticator = newAuthenticator();
    await registerPasskey(owner.token, authenticator);
    await db().query(`UPDATE accounts SET disabled_at = now() WHERE id = $1`, [owner.accountId]);
    expect((await authenticate(await passwordlessSignInBody(authenticator))).body).toEqual(REFUSED);
  });

  it('asks for exactly one of a challenge id and a challenge token', async () => {
    const neither = await authenticate({ response: {} });
    expect([neither.status, neither.body.code]).toEqual([400, 'VALIDATION']);
  });
});

describe('a passkey as the second factor', () => {
  const SIGN_IN_GONE = {
    success: false,
    code: 'SIGN_IN_CHALLENGE_EXPIRED',
    message: 'Sign-in challenge expired or already used',
  };

  async function secondFactorOptions(challengeToken: string) {
    const res = await http('POST', '/v1/admin/auth/passkeys/authentication-options', {
      headers: FROM_ORIGIN,
      body: { challengeToken },
    });
    expect(res.status).toBe(200);
    return res.body.data.options;
  }

  async function ownerWithPasskey() {
    const owner = await signupOwner();
    const authenticator = newAuthenticator();
    await registerPasskey(owner.token, authenticator);
    return { owner, authenticator };
  }

  it('asks for it after the password, and completes the sign-in with one of the account’s passkeys', async () => {
    const { owner, authenticator } = await ownerWithPasskey();
    const login = await http('POST', '/v1/admin/auth/login', {
      body: { email: owner.email, password: owner.password },
    });
    expect(login.body.data).toEqual({
      secondFactorRequired: true,
      challengeToken: expect.any(String),
      expiresIn: 300,
      methods: ['passkey'],
    });
    const { challengeToken } = login.body.data;
    const options = await secondFactorOptions(challengeToken);
    expect(options.allowCredentials.map((descriptor: { id: string }) => descriptor.id)).toEqual([
      authenticator.credentials[0]!.id,
    ]);

    const res = await authenticate({ challengeToken, response: authenticator.authenticate(options) });
    expect(res.status).toBe(200);
    expect(res.body.data.account.id).toBe(owner.accountId);
    const signIns = await http('GET', '/v1/admin/auth/sign-ins', { token: res.body.data.accessToken });
    expect(
      signIns.body.data
        .slice(0, 3)
        .map((event: { kind: string; method: string; outcome: string }) => [event.kind, event.method, event.outcome]),
    ).toEqual([
      ['sign-in', 'passkey', 'success'],
      ['sign-in', 'password', 'challenged'],
      ['passkey-added', 'passkey', 'success'],
    ]);
  });

  it('uses the challenge once: a replayed assertion is refused, also when both copies arrive at once', async () => {
    const { owner, authenticator } = await ownerWithPasskey();
    const challengeToken = await signInChallenge(owner.email, owner.password);
    const body = { challengeToken, response: authenticator.authenticate(await secondFactorOptions(challengeToken)) };
    const answers = await Promise.all([authenticate(body), authenticate(body)]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 401]);
    const replay = await authenticate(body);
    expect([replay.status, replay.body]).toEqual([401, SIGN_IN_GONE]);
    const moreOptions = await http('POST', '/v1/admin/auth/passkeys/authentication-options', {
      headers: FROM_ORIGIN,
      body: { challengeToken },
    });
    expect([moreOptions.status, moreOptions.body]).toEqual([401, SIGN_IN_GONE]);
  });

  it("refuses another account's passkey and an answer to replaced options, then takes the right one", async () => {
    const { owner, authenticator } = await ownerWithPasskey();
    const { authenticator: theirs } = await ownerWithPasskey();
    const challengeToken = await signInChallenge(owner.email, owner.password);
    const options = await secondFactorOptions(challengeToken);

    const foreign = await authenticate({
      challengeToken,
      response: theirs.authenticate(options, theirs.credentials[0]),
    });
    expect([foreign.status, foreign.body]).toEqual([401, REFUSED]);

    // New options replace the WebAuthn challenge: an answer to the old ones no longer counts.
    const stale = authenticator.authenticate(options);
    const fresh = await secondFactorOptions(challengeToken);
    expect((await authenticate({ challengeToken, response: stale })).body).toEqual(REFUSED);

    const res = await authenticate({ challengeToken, response: authenticator.authenticate(fresh) });
    expect(res.status).toBe(200);
    expect(res.body.data.account.id).toBe(owner.accountId);
    // The account's history names the refusals for what they were.
    const history = await http('GET', '/v1/admin/auth/sign-ins', { token: owner.token });
    const refusals = history.body.data.filter((event: { outcome: string }) => event.outcome === 'failed');
    expect(refusals).toEqual([
      expect.objectContaining({ method: 'passkey', reason: 'passkey not recognised' }),
      expect.objectContaining({ method: 'passkey', reason: 'passkey not recognised' }),
    ]);
  });

  it('kills the challenge after five refused answers', async () => {
    const { owner, authenticator } = await ownerWithPasskey();
    const { authenticator: theirs } = await ownerWithPasskey();
    const challengeToken = await signInChallenge(owner.email, owner.password);
    const options = await secondFactorOptions(challengeToken);
    for (let attempt = 0; attempt < 5; attempt++) {
      const res = await authenticate({ challengeToken, response: theirs.authenticate(options, theirs.credentials[0]) });
      expect(res.body).toEqual(REFUSED);
    }
    const right = await authenticate({ challengeToken, response: authenticator.authenticate(options) });
    expect([right.status, right.body]).toEqual([401, SIGN_IN_GONE]);
  });

  it('answers 401 to options or an answer for an unknown challenge token', async () => {
    const unknown = await http('POST', '/v1/admin/auth/passkeys/authentication-options', {
      headers: FROM_ORIGIN,
      body: { challengeToken: 'lkc_unknown' },
    });
    expect([unknown.status, unknown.body]).toEqual([401, SIGN_IN_GONE]);
    const answer = await authenticate({ challengeToken: 'lkc_unknown', response: {} });
    expect([answer.status, answer.body]).toEqual([401, SIGN_IN_GONE]);
  });
});
