import { afterAll, describe, expect, it } from '@jest/globals';
import { createApp, type Owner, signupOwner } from './factories/index.js';
import { closeDb, db } from './support/db.js';
import { http } from './support/http.js';
import { memberOf } from './support/members.js';
import {
  authenticate,
  FROM_ORIGIN,
  newAuthenticator,
  passwordlessSignInBody,
  registerPasskey,
} from './support/passkeys.js';
import { ageSignIn } from './support/sign-ins.js';
import { enrolTotp, totpCode } from './support/two-factor.js';

/**
 * Issue 37: a stolen token must not become more than it was. Changes to how
 * an account signs in take a recent sign-in (never a personal token, and a
 * narrowed one makes no account-level change); a password change ends what a
 * stolen session could have started; an invitation is worth no more than its
 * creator's rights when it is accepted. The role matrix covers every
 * account-level route; these are the attacks the review made.
 */
afterAll(closeDb);

async function personalToken(owner: Owner, body: Record<string, unknown> = {}): Promise<string> {
  const res = await http('POST', '/v1/admin/tokens', { token: owner.token, body: { name: 'script', ...body } });
  expect(res.status).toBe(201);
  return res.body.data.token;
}

async function signIn(owner: Pick<Owner, 'email' | 'password'>): Promise<string> {
  const res = await http('POST', '/v1/admin/auth/login', {
    body: { email: owner.email, password: owner.password },
  });
  expect(res.status).toBe(200);
  return res.body.data.accessToken;
}

const refusal = (code: string, message: string) => ({ status: 403, body: { success: false, code, message } });
const answer = (res: { status: number; body: unknown }) => ({ status: res.status, body: res.body });

describe('a narrowed token escapes its role through a passkey (finding 1)', () => {
  it('cannot start or finish a passkey registration, nor any other account-level write', async () => {
    const owner = await signupOwner();
    const viewer = await personalToken(owner, { maxRole: 'viewer' });
    const options = await http('POST', '/v1/admin/auth/passkeys/registration-options', {
      token: viewer,
      headers: FROM_ORIGIN,
    });
    expect(answer(options)).toEqual(refusal('ROLE_NOT_ALLOWED', 'Not allowed for your role'));
    for (const [method, path, body] of [
      ['POST', '/v1/admin/auth/passkeys', { name: 'x', response: {} }],
      ['POST', '/v1/admin/auth/two-factor/totp', undefined],
      ['POST', '/v1/admin/tokens', { name: 'wider' }],
      ['POST', '/v1/admin/auth/password', { currentPassword: owner.password, newPassword: 'another long one' }],
      ['POST', '/v1/admin/apps', { name: 'Mine' }],
    ] as const) {
      const res = await http(method, path, { token: viewer, headers: FROM_ORIGIN, body });
      expect({ path, ...answer(res) }).toEqual({ path, ...refusal('ROLE_NOT_ALLOWED', 'Not allowed for your role') });
    }
    // It still reads what it could read.
    expect((await http('GET', '/v1/admin/auth/passkeys', { token: viewer })).status).toBe(200);
  });

  it('so no passkey sign-in ever gives back more than the token had', async () => {
    const owner = await signupOwner();
    const viewer = await personalToken(owner, { maxRole: 'viewer' });
    await expect(registerPasskey(viewer, newAuthenticator())).rejects.toThrow(/registration-options: 403/);
    const { rows } = await db().query(`SELECT count(*)::int AS n FROM passkeys WHERE account_id = $1`, [
      owner.accountId,
    ]);
    expect(rows[0].n).toBe(0);
  });
});

describe('changes to how an account signs in take a recent sign-in (findings 4 and 5)', () => {
  it('refuses a passkey, TOTP, recovery codes, a personal token and a password change to an older sign-in', async () => {
    const owner = await signupOwner();
    await ageSignIn(owner.token);
    for (const [method, path, body] of [
      ['POST', '/v1/admin/auth/passkeys/registration-options', undefined],
      ['POST', '/v1/admin/auth/passkeys', { name: 'Thief', response: {} }],
      ['POST', '/v1/admin/auth/two-factor/totp', undefined],
      ['POST', '/v1/admin/auth/two-factor/totp/confirm', { code: '123456' }],
      ['POST', '/v1/admin/auth/two-factor/recovery-codes', { code: '123456' }],
      ['POST', '/v1/admin/tokens', { name: 'thief' }],
      ['POST', '/v1/admin/auth/password', { currentPassword: owner.password, newPassword: 'thief’s password' }],
    ] as const) {
      const res = await http(method, path, { token: owner.token, headers: FROM_ORIGIN, body });
      expect({ path, ...answer(res) }).toEqual({
        path,
        ...refusal('RECENT_SIGN_IN_REQUIRED', 'Sign in again to continue'),
      });
    }
    // Nothing was left behind: no pending secret, no passkey, no new token.
    const { rows } = await db().query(
      `SELECT totp_secret_sealed IS NULL AS no_secret,
         (SELECT count(*)::int FROM passkeys WHERE account_id = $1) AS passkeys,
         (SELECT count(*)::int FROM access_tokens WHERE account_id = $1 AND kind = 'personal') AS personal
       FROM accounts WHERE id = $1`,
      [owner.accountId],
    );
    expect(rows[0]).toEqual({ no_secret: true, passkeys: 0, personal: 0 });
  });

  it('refuses them to a personal token, however wide', async () => {
    const owner = await signupOwner();
    const script = await personalToken(owner);
    const res = await http('POST', '/v1/admin/auth/two-factor/totp', { token: script });
    expect(answer(res)).toEqual(refusal('PERSONAL_TOKEN_NOT_ALLOWED', 'Not allowed with a personal access token'));
  });

  it('takes them once the owner signs in again, password and second factor', async () => {
    const owner = await signupOwner();
    await ageSignIn(owner.token);
    const again = await signIn(owner);
    const enrolled = await enrolTotp(again);
    expect(enrolled.recoveryCodes).toHaveLength(10);
  });

  it('removing a passkey takes a recent sign-in too: it can turn the second factor off', async () => {
    const owner = await signupOwner();
    const passkeyId = await registerPasskey(owner.token, newAuthenticator());
    await ageSignIn(owner.token);
    const res = await http('DELETE', `/v1/admin/auth/passkeys/${passkeyId}`, { token: owner.token });
    expect(answer(res)).toEqual(refusal('RECENT_SIGN_IN_REQUIRED', 'Sign in again to continue'));
    // Renaming changes nothing about signing in.
    const renamed = await http('PATCH', `/v1/admin/auth/passkeys/${passkeyId}`, {
      token: owner.token,
      body: { name: 'Desk' },
    });
    expect(renamed.status).toBe(200);
  });
});

describe('a password change evicts a thief (finding 4)', () => {
  it('ends other tokens, open passkey ceremonies, a pending enrolment, sign-in challenges and invitations', async () => {
    const owner = await signupOwner();
    const appId = (await createApp(owner)).appId;
    const thief = await signIn(owner);
    const script = await personalToken(owner);
    // What a stolen fresh session starts: a passkey ceremony, a TOTP enrolment, an invitation to itself.
    const ceremony = await http('POST', '/v1/admin/auth/passkeys/registration-options', {
      token: thief,
      headers: FROM_ORIGIN,
    });
    expect(ceremony.status).toBe(200);
    expect((await http('POST', '/v1/admin/auth/two-factor/totp', { token: thief })).status).toBe(201);
    const invitation = await http('POST', `/v1/admin/apps/${appId}/invitations`, {
      token: thief,
      body: { role: 'admin' },
    });
    expect(invitation.status).toBe(201);

    const changed = await http('POST', '/v1/admin/auth/password', {
      token: owner.token,
      body: { currentPassword: owner.password, newPassword: 'a brand new password' },
    });
    expect(answer(changed)).toEqual({
      status: 200,
      body: { success: true, data: { revokedTokens: 2, revokedInvitations: 1 } },
    });

    expect((await http('GET', '/v1/admin/apps', { token: thief })).status).toBe(401);
    expect((await http('GET', '/v1/admin/apps', { token: script })).status).toBe(401);
    expect((await http('GET', '/v1/admin/apps', { token: owner.token })).status).toBe(200);
    const { rows } = await db().query(
      `SELECT totp_secret_sealed IS NULL AS no_pending_secret,
         (SELECT count(*)::int FROM passkey_challenges WHERE account_id = $1 AND used_at IS NULL) AS open_ceremonies
       FROM accounts WHERE id = $1`,
      [owner.accountId],
    );
    expect(rows[0]).toEqual({ no_pending_secret: true, open_ceremonies: 0 });
    const accomplice = await signupOwner();
    const accepted = await http('POST', '/v1/admin/invitations/accept', {
      token: accomplice.token,
      body: { token: invitation.body.data.token },
    });
    expect(accepted.status).toBe(410);
    const audit = await http('GET', `/v1/admin/apps/${appId}/logs`, { token: owner.token });
    expect(audit.status).toBe(200);
  });

  it('ends a sign-in challenge started with the old password', async () => {
    const owner = await signupOwner();
    const { secret } = await enrolTotp(owner.token);
    const login = await http('POST', '/v1/admin/auth/login', {
      body: { email: owner.email, password: owner.password },
    });
    const { challengeToken } = login.body.data;
    expect(challengeToken).toMatch(/^lkc_/);
    const changed = await http('POST', '/v1/admin/auth/password', {
      token: owner.token,
      body: { currentPassword: owner.password, newPassword: 'a brand new password' },
    });
    expect(changed.status).toBe(200);
    const answered = await http('POST', '/v1/admin/auth/login/second-factor', {
      body: { challengeToken, totpCode: totpCode(secret, 1) },
    });
    expect({ status: answered.status, code: answered.body.code }).toEqual({
      status: 401,
      code: 'SIGN_IN_CHALLENGE_EXPIRED',
    });
  });

  it('keeps the passkeys a recent sign-in added, listed on the account for the owner to review', async () => {
    const owner = await signupOwner();
    const authenticator = newAuthenticator();
    await registerPasskey(owner.token, authenticator, 'Added while signed in');
    const changed = await http('POST', '/v1/admin/auth/password', {
      token: owner.token,
      body: { currentPassword: owner.password, newPassword: 'a brand new password' },
    });
    expect(changed.status).toBe(200);
    const listed = await http('GET', '/v1/admin/auth/passkeys', { token: owner.token });
    expect(listed.body.data.map((p: { name: string }) => p.name)).toEqual(['Added while signed in']);
    expect((await authenticate(await passwordlessSignInBody(authenticator))).status).toBe(200);
  });
});

describe('an invitation is worth no more than its creator’s rights (finding 6)', () => {
  async function adminInvitation(owner: Owner, appId: string) {
    const admin = await memberOf(owner, appId, 'admin');
    const invited = await http('POST', `/v1/admin/apps/${appId}/invitations`, {
      token: admin.token,
      body: { role: 'admin' },
    });
    expect(invited.status).toBe(201);
    return { admin, token: invited.body.data.token as string, id: invited.body.data.id as string };
  }

  async function accept(token: string) {
    const joiner = await signupOwner();
    return http('POST', '/v1/admin/invitations/accept', { token: joiner.token, body: { token } });
  }

  it('removing the admin revokes the invitations it created', async () => {
    const owner = await signupOwner();
    const { appId } = await createApp(owner);
    const { admin, token } = await adminInvitation(owner, appId);
    const removed = await http('DELETE', `/v1/admin/apps/${appId}/members/${admin.accountId}`, { token: owner.token });
    expect(removed.status).toBe(200);
    expect((await http('GET', `/v1/admin/invitations/${token}`)).status).toBe(410);
    const res = await accept(token);
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 410, code: 'INVITATION_GONE' });
    const pending = await http('GET', `/v1/admin/apps/${appId}/invitations`, { token: owner.token });
    expect(pending.body.data).toEqual([]);
  });

  it('demoting the admin revokes what it may no longer grant', async () => {
    const owner = await signupOwner();
    const { appId } = await createApp(owner);
    const { admin, token } = await adminInvitation(owner, appId);
    const demoted = await http('PATCH', `/v1/admin/apps/${appId}/members/${admin.accountId}`, {
      token: owner.token,
      body: { role: 'manager' },
    });
    expect(demoted.status).toBe(200);
    expect((await accept(token)).status).toBe(410);
  });

  it('is checked again when accepted, whatever changed the creator’s role', async () => {
    const owner = await signupOwner();
    const { appId } = await createApp(owner);
    const { admin, token } = await adminInvitation(owner, appId);
    // A change that did not pass through the members service: the accept itself must hold.
    await db().query(`UPDATE app_members SET role = 'viewer' WHERE app_id = $1 AND account_id = $2`, [
      appId,
      admin.accountId,
    ]);
    expect((await accept(token)).status).toBe(410);
    await db().query(`UPDATE app_members SET role = 'admin' WHERE app_id = $1 AND account_id = $2`, [
      appId,
      admin.accountId,
    ]);
    const joined = await accept(token);
    expect(joined.body.data).toEqual({ appId, role: 'admin' });
  });

  it('an owner’s invitations and a kept admin’s stay usable', async () => {
    const owner = await signupOwner();
    const { appId } = await createApp(owner);
    const { token } = await adminInvitation(owner, appId);
    const byOwner = await http('POST', `/v1/admin/apps/${appId}/invitations`, {
      token: owner.token,
      body: { role: 'viewer' },
    });
    expect((await accept(token)).status).toBe(200);
    expect((await accept(byOwner.body.data.token)).status).toBe(200);
  });
});
