import { Secret, TOTP } from 'otpauth';
import { http } from './http.js';

/**
 * TOTP codes as an authenticator app computes them, from the secret an
 * enrolment answered. `step` 0 is the current time step, 1 the next one: a
 * second valid code without waiting for the clock (the server accepts one
 * step of drift).
 */
export function totpCode(secret: string, step: -1 | 0 | 1 = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + step * 30_000 });
}

/** A 6-digit code that matches none of the steps the server accepts now. */
export function wrongTotpCode(secret: string): string {
  const accepted = new Set(([-1, 0, 1] as const).map((step) => totpCode(secret, step)));
  return ['000000', '111111', '222222', '333333'].find((code) => !accepted.has(code))!;
}

export interface EnrolledTotp {
  secret: string;
  recoveryCodes: string[];
  /** The code that confirmed the enrolment, used from then on (a test replays this, not the step current when it runs). */
  confirmingCode: string;
}

/** Turns TOTP on for the account of `token`, confirmed with the current step's code (the next step is left to sign in with). */
export async function enrolTotp(token: string): Promise<EnrolledTotp> {
  const enrolment = await http('POST', '/v1/admin/auth/two-factor/totp', { token });
  if (enrolment.status !== 201) throw new Error(`enrol failed: ${enrolment.status} ${JSON.stringify(enrolment.body)}`);
  const { secret } = enrolment.body.data;
  const confirmingCode = totpCode(secret);
  const confirmed = await http('POST', '/v1/admin/auth/two-factor/totp/confirm', {
    token,
    body: { code: confirmingCode },
  });
  if (confirmed.status !== 200)
    throw new Error(`confirm failed: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  return { secret, recoveryCodes: confirmed.body.data.recoveryCodes, confirmingCode };
}

/** The challenge token a password sign-in of an account with a second factor answers. */
export async function signInChallenge(email: string, password: string): Promise<string> {
  const res = await http('POST', '/v1/admin/auth/login', { body: { email, password } });
  if (res.status !== 200 || !res.body.data.secondFactorRequired) {
    throw new Error(`expected a second-factor challenge: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return res.body.data.challengeToken;
}

/** Answers a sign-in challenge. */
export function answerChallenge(challengeToken: string, answer: { totpCode: string } | { recoveryCode: string }) {
  return http('POST', '/v1/admin/auth/login/second-factor', { body: { challengeToken, ...answer } });
}
