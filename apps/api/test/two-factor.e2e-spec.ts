// Issue 28, two-factor sign-in: TOTP enrolment, the second step of a sign-in,
// recovery codes, and the single use of codes and challenges under parallel requests.
import { afterAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { createApp, signedInReseller, signupOwner, RESELLER_PASSWORD } from './factories/index.js';
import { closeDb, db } from './support/db.js';
import { eventually } from './support/eventually.js';
import { http } from './support/http.js';
import { answerChallenge, enrolTotp, signInChallenge, totpCode, wrongTotpCode } from './support/two-factor.js';

afterAll(closeDb);

const INVALID_CODE = { success: false, code: 'INVALID_SECOND_FACTOR_CODE', message: 'Invalid code' };
const CHALLENGE_EXPIRED = {
  success: false,
  code: 'SIGN_IN_CHALLENGE_EXPIRED',
  message: 'Sign-in challenge expired or already used',
};

const digest = (token: string) => createHash('sha256').update(token).digest();

async function status(token: string) {
  const res = await http('GET', '/v1/admin/auth/two-factor', { token });
  expect(res.status).toBe(200);
  return res.body.data;
}

async function signIns(token: string) {
  const res = await http('GET', '/v1/admin/auth/sign-ins', { token });
  expect(res.status).toBe(200);
  return res.body.data as { kind: string; method: string; outcome: string; reason?: string }[];
}

/** The statuses and error codes of parallel answers, sorted. */
const outcomes = (results: { status: number; body: any }[]) =>
  results.map((res) => (res.status === 200 ? 'ok' : res.body.code)).sort();

describe('TOTP enrolment and sign-in', () => {
  it('enrols with a QR code and a secret, takes effect only when confirmed, then asks for a code at sign-in', async () => {
    const owner = await signupOwner();
    expect(await status(owner.token)).toEqual({ totpEnabled: false, recoveryCodesLeft: 0, passkeys: 0 });

    const enrolment = await http('POST', '/v1/admin/auth/two-factor/totp', { token: owner.token });
    expect(enrolment.status).toBe(201);
    const { secret, otpauthUri, qrCodeSvg } = enrolment.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/Latchkey:/);
    expect(qrCodeSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

    // Pending: the password alone still signs in.
    const before = await http('POST', '/v1/admin/auth/login', {
      body: { email: owner.email, password: owner.password },
    });
    expect(before.body.data.accessToken).toEqual(expect.any(String));

    const wrong = await http('POST', '/v1/admin/auth/two-factor/totp/confirm', {
      token: owner.token,
      body: { code: wrongTotpCode(secret) },
    });
    expect([wrong.status, wrong.body]).toEqual([401, INVALID_CODE]);
    const confirmed = await http('POST', '/v1/admin/auth/two-factor/totp/confirm', {
      token: owner.token,
      body: { code: totpCode(secret) },
    });
    expect(confirmed.status).toBe(200);
    const { recoveryCodes } = confirmed.body.data;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-z]{4}(-[0-9a-z]{4}){3}$/);
    expect(await status(owner.token)).toEqual({ totpEnabled: true, recoveryCodesLeft: 10, passkeys: 0 });

    const login = await http('POST', '/v1/admin/auth/login', {
      body: { email: owner.email, password: owner.password },
    });
    expect(login.status).toBe(200);
    expect(login.body.data).toEqual({
      secondFactorRequired: true,
      challengeToken: expect.stringMatching(/^lkc_[\w-]{43}$/),
      expiresIn: 300,
      methods: ['totp', 'recovery'],
    });

    const answered = await answerChallenge(login.body.data.challengeToken, { totpCode: totpCode(secret, 1) });
    expect(answered.status).toBe(200);
    expect(answered.body.data).toEqual({
      accessToken: expect.stringMatching(/^lka_/),
      tokenType: 'Bearer',
      expiresIn: expect.any(Number),
      account: { id: owner.accountId, email: owner.email, role: 'owner' },
    });
    expect((await http('GET', '/v1/admin/me', { token: answered.body.data.accessToken })).status).toBe(200);

    expect((await signIns(owner.token)).map(({ kind, method, outcome }) => `${kind} ${method} ${outcome}`)).toEqual([
      'sign-in totp success',
      'sign-in password challenged',
      'totp-enabled totp success',
      'sign-in password success',
    ]);
  });

  it('keeps the secret sealed and the recovery codes hashed', async () => {
    const owner = await signupOwner();
    const { secret, recoveryCodes } = await enrolTotp(owner.token);
    const { rows } = await db().query(`SELECT totp_secret_sealed FROM accounts WHERE id = $1`, [owner.accountId]);
    expect(rows[0].totp_secret_sealed.toString('latin1')).not.toContain(secret);
    const codes = await db().query(`SELECT code_hash FROM account_recovery_codes WHERE account_id = $1`, [
      owner.accountId,
    ]);
    expect(codes.rows).toHaveLength(10);
    const stored = codes.rows.map((row) => row.code_hash.toString('hex'));
    for (const code of recoveryCodes) {
      expect(stored).not.toContain(Buffer.from(code).toString('hex'));
      expect(stored).toContain(digest(code.replaceAll('-', '')).toString('hex'));
    }
  });

  it('refuses a second enrolment while on, and a confirmation without an enrolment', async () => {
    const owner = await signupOwner();
    const early = await http('POST', '/v1/admin/auth/two-factor/totp/confirm', {
      token: owner.token,
      body: { code: '123456' },
    });
    expect([early.status, early.body.code]).toEqual([409, 'NO_PENDING_TOTP']);
    await enrolTotp(owner.token);
    const again = await http('POST', '/v1/admin/auth/two-factor/totp', { token: owner.token });
    expect([again.status, again.body.code]).toEqual([409, 'TOTP_ALREADY_ENABLED']);
  });

  it('lets a reseller, who signs in at the same route, turn it on and sign in with it', async () => {
    const owner = await signupOwner();
    const reseller = await signedInReseller(owner, await createApp(owner));
    const { secret } = await enrolTotp(reseller.token);
    const challenge = await signInChallenge(reseller.email, RESELLER_PASSWORD);
    const answered = await answerChallenge(challenge, { totpCode: totpCode(secret, 1) });
    expect(answered.status).toBe(200);
    expect(answered.body.data.account).toEqual({ id: expect.any(String), email: reseller.email, role: 'reseller' });
    expect((await http('GET', '/v1/admin/me', { token: answered.body.data.accessToken })).status).toBe(200);
  });
});

describe('the sign-in history', () => {
  it('shows a wrong password tried on the account, never what was typed; an unknown email records nothing', async () => {
    const owner = await signupOwner();
    const refused = await http('POST', '/v1/admin/auth/login', {
      body: { email: owner.email, password: 'not the password' },
    });
    expect(refused.status).toBe(401);
    await http('POST', '/v1/admin/auth/login', { body: { email: `nobody-${owner.email}`, password: 'x' } });
    // The refusal does not wait for the write (it must take as long for an unknown email).
    const events = await eventually(() => signIns(owner.token), {
      until: (list) => list.some((event) => event.outcome === 'failed'),
      what: 'the refused sign-in in the history',
    });
    expect(events.filter((event) => event.outcome === 'failed')).toEqual([
      expect.objectContaining({ kind: 'sign-in', method: 'password', outcome: 'failed', reason: 'wrong password' }),
    ]);
    const { rows } = await db().query(`SELECT count(*)::int AS n FROM account_sign_ins WHERE reason LIKE '%not the%'`);
    expect(rows[0].n).toBe(0);
  });
});

describe('codes are accepted once', () => {
  it('refuses a replayed TOTP code, the confirming one included, and records the failure', async () => {
    const owner = await signupOwner();
    const { secret, confirmingCode } = await enrolTotp(owner.token);
    // The code that confirmed the enrolment was used.
    const first = await signInChallenge(owner.email, owner.password);
    const replayedConfirmation = await answerChallenge(first, { totpCode: confirmingCode });
    expect([replayedConfirmation.status, replayedConfirmation.body]).toEqual([401, INVALID_CODE]);

    const next = totpCode(secret, 1);
    expect((await answerChallenge(first, { totpCode: next })).status).toBe(200);
    const second = await signInChallenge(owner.email, owner.password);
    const replayed = await answerChallenge(second, { totpCode: next });
    expect([replayed.status, replayed.body]).toEqual([401, INVALID_CODE]);

    const events = await signIns(owner.token);
    expect(events.filter((e) => e.outcome === 'failed')).toEqual([
      expect.objectContaining({ kind: 'sign-in', method: 'totp', outcome: 'failed', reason: 'invalid code' }),
      expect.objectContaining({ kind: 'sign-in', method: 'totp', outcome: 'failed', reason: 'invalid code' }),
    ]);
  });

  it('lets exactly one of two parallel sign-ins with one TOTP code through', async () => {
    const owner = await signupOwner();
    const { secret } = await enrolTotp(owner.token);
    const challenges = await Promise.all([1, 2, 3].map(() => signInChallenge(owner.email, owner.password)));
    const code = totpCode(secret, 1);
    const results = await Promise.all(challenges.map((challenge) => answerChallenge(challenge, { totpCode: code })));
    expect(outcomes(results)).toEqual(['INVALID_SECOND_FACTOR_CODE', 'INVALID_SECOND_FACTOR_CODE', 'ok']);
  });

  it('refuses a used recovery code, reads codes in any case and without dashes, and counts what is left', async () => {
    const owner = await signupOwner();
    const { recoveryCodes } = await enrolTotp(owner.token);
    const [first, second] = recoveryCodes as [string, string];
    expect(
      (await answerChallenge(await signInChallenge(owner.email, owner.password), { recoveryCode: first })).status,
    ).toBe(200);
    const reused = await answerChallenge(await signInChallenge(owner.email, owner.password), { recoveryCode: first });
    expect([reused.status, reused.body]).toEqual([401, INVALID_CODE]);
    const lenient = second.replaceAll('-', '').toUpperCase();
    expect(
      (await answerChallenge(await signInChallenge(owner.email, owner.password), { recoveryCode: lenient })).status,
    ).toBe(200);
    expect((await status(owner.token)).recoveryCodesLeft).toBe(8);
  });

  it('lets exactly one of parallel sign-ins with one recovery code through', async () => {
    const owner = await signupOwner();
    const { recoveryCodes } = await enrolTotp(owner.token);
    const challenges = await Promise.all([1, 2, 3].map(() => signInChallenge(owner.email, owner.password)));
    const results = await Promise.all(
      challenges.map((challenge) => answerChallenge(challenge, { recoveryCode: recoveryCodes[0]! })),
    );
    expect(outcomes(results)).toEqual(['INVALID_SECOND_FACTOR_CODE', 'INVALID_SECOND_FACTOR_CODE', 'ok']);
    expect((await status(owner.token)).recoveryCodesLeft).toBe(9);
  });
});

describe('the sign-in challenge', () => {
  it('is used once: a second answer is refused, and so is every other of parallel answers', async () => {
    const owner = await signupOwner();
    const { recoveryCodes } = await enrolTotp(owner.token);
    const [a, b, c, d, e] = recoveryCodes as [string, string, string, string, string];

    const challenge = await signInChallenge(owner.email, owner.password);
    expect((await answerChallenge(challenge, { recoveryCode: a })).status).toBe(200);
    const twice = await answerChallenge(challenge, { recoveryCode: b });
    expect([twice.status, twice.body]).toEqual([401, CHALLENGE_EXPIRED]);

    const parallel = await signInChallenge(owner.email, owner.password);
    const results = await Promise.all([c, d, e].map((code) => answerChallenge(parallel, { recoveryCode: code })));
    expect(outcomes(results)).toEqual(['SIGN_IN_CHALLENGE_EXPIRED', 'SIGN_IN_CHALLENGE_EXPIRED', 'ok']);
    // The refused answers used none of their codes: only `a` and the winner are gone.
    expect((await status(owner.token)).recoveryCodesLeft).toBe(8);
  });

  it('is refused once expired, and the code it was answered with stays unused', async () => {
    const owner = await signupOwner();
    const { recoveryCodes } = await enrolTotp(owner.token);
    const challenge = await signInChallenge(owner.email, owner.password);
    await db().query(`UPDATE login_challenges SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [
      digest(challenge),
    ]);
    const late = await answerChallenge(challenge, { recoveryCode: recoveryCodes[0]! });
    expect([late.status, late.body]).toEqual([401, CHALLENGE_EXPIRED]);
    expect((await status(owner.token)).recoveryCodesLeft).toBe(10);
    const fresh = await signInChallenge(owner.email, owner.password);
    expect((await answerChallenge(fresh, { recoveryCode: recoveryCodes[0]! })).status).toBe(200);
  });

  it('dies after five wrong answers, even when they come in parallel', async () => {
    const owner = await signupOwner();
    const { secret, recoveryCodes } = await enrolTotp(owner.token);
    const wrong = 'zzzz-zzzz-zzzz-zzzz';

    const challenge = await signInChallenge(owner.email, owner.password);
    for (let i = 0; i < 5; i++) {
      const res = await answerChallenge(challenge, { recoveryCode: wrong });
      expect([res.status, res.body]).toEqual([401, INVALID_CODE]);
    }
    const right = await answerChallenge(challenge, { totpCode: totpCode(secret, 1) });
    expect([right.status, right.body]).toEqual([401, CHALLENGE_EXPIRED]);

    const parallel = await signInChallenge(owner.email, owner.password);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => answerChallenge(parallel, { recoveryCode: wrong })),
    );
    expect(outcomes(results)).toEqual([
      ...Array(5).fill('INVALID_SECOND_FACTOR_CODE'),
      ...Array(3).fill('SIGN_IN_CHALLENGE_EXPIRED'),
    ]);
    const { rows } = await db().query(`SELECT attempts FROM login_challenges WHERE token_hash = $1`, [
      digest(parallel),
    ]);
    expect(rows).toEqual([{ attempts: 5 }]);
    expect((await answerChallenge(parallel, { recoveryCode: recoveryCodes[0]! })).body).toEqual(CHALLENGE_EXPIRED);
  });

  it('takes exactly one of a TOTP code and a recovery code, and refuses unknown tokens', async () => {
    const both = await http('POST', '/v1/admin/auth/login/second-factor', {
      body: { challengeToken: 'lkc_x', totpCode: '123456', recoveryCode: 'abcd-abcd-abcd-abcd' },
    });
    expect([both.status, both.body.code, both.body.fields]).toEqual([
      400,
      'VALIDATION',
      [{ field: 'totpCode', message: 'Send exactly one of the TOTP code and the recovery code' }],
    ]);
    const neither = await http('POST', '/v1/admin/auth/login/second-factor', { body: { challengeToken: 'lkc_x' } });
    expect([neither.status, neither.body.code]).toEqual([400, 'VALIDATION']);
    const unknown = await answerChallenge('lkc_unknown', { totpCode: '123456' });
    expect([unknown.status, unknown.body]).toEqual([401, CHALLENGE_EXPIRED]);
  });
});

describe('turning TOTP off and new recovery codes', () => {
  it('needs the password and a current code or a recovery code', async () => {
    const owner = await signupOwner();
    const { secret, recoveryCodes, confirmingCode } = await enrolTotp(owner.token);
    const disable = (body: object) =>
      http('POST', '/v1/admin/auth/two-factor/totp/disable', { token: owner.token, body });

    const noCode = await disable({ password: owner.password });
    expect([noCode.status, noCode.body.code]).toEqual([400, 'VALIDATION']);
    const wrongPassword = await disable({ password: 'not the password', code: totpCode(secret, 1) });
    expect([wrongPassword.status, wrongPassword.body.code]).toEqual([401, 'WRONG_CURRENT_PASSWORD']);
    const wrongCode = await disable({ password: owner.password, recoveryCode: 'zzzz-zzzz-zzzz-zzzz' });
    expect([wrongCode.status, wrongCode.body]).toEqual([401, INVALID_CODE]);
    // The confirming code was used: it cannot turn TOTP off either.
    const replayed = await disable({ password: owner.password, code: confirmingCode });
    expect([replayed.status, replayed.body]).toEqual([401, INVALID_CODE]);
    expect((await status(owner.token)).totpEnabled).toBe(true);

    const off = await disable({ password: owner.password, recoveryCode: recoveryCodes[0] });
    expect([off.status, off.body]).toEqual([200, { success: true, data: {} }]);
    expect(await status(owner.token)).toEqual({ totpEnabled: false, recoveryCodesLeft: 0, passkeys: 0 });
    const login = await http('POST', '/v1/admin/auth/login', {
      body: { email: owner.email, password: owner.password },
    });
    expect(login.body.data.accessToken).toEqual(expect.any(String));
    expect((await signIns(owner.token))[1]).toEqual(
      expect.objectContaining({ kind: 'totp-disabled', method: 'recovery', outcome: 'success' }),
    );
    const again = await disable({ password: owner.password, code: totpCode(secret, 1) });
    expect([again.status, again.body.code]).toEqual([409, 'TOTP_NOT_ENABLED']);
  });

  it('turns off with a current TOTP code', async () => {
    const owner = await signupOwner();
    const { secret } = await enrolTotp(owner.token);
    const off = await http('POST', '/v1/admin/auth/two-factor/totp/disable', {
      token: owner.token,
      body: { password: owner.password, code: totpCode(secret, 1) },
    });
    expect(off.status).toBe(200);
    expect((await status(owner.token)).totpEnabled).toBe(false);
  });

  it('replaces the recovery codes for a current code: the old ones stop working', async () => {
    const owner = await signupOwner();
    const { secret, recoveryCodes: old } = await enrolTotp(owner.token);
    const res = await http('POST', '/v1/admin/auth/two-factor/recovery-codes', {
      token: owner.token,
      body: { code: totpCode(secret, 1) },
    });
    expect(res.status).toBe(200);
    const fresh: string[] = res.body.data.recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((code) => old.includes(code))).toEqual([]);
    const withOld = await answerChallenge(await signInChallenge(owner.email, owner.password), {
      recoveryCode: old[0]!,
    });
    expect([withOld.status, withOld.body]).toEqual([401, INVALID_CODE]);
    expect(
      (await answerChallenge(await signInChallenge(owner.email, owner.password), { recoveryCode: fresh[0]! })).status,
    ).toBe(200);
  });
});
