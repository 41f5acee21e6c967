// Two-factor sign-in (issue 28): the second step of `POST /v1/admin/auth/login`,
// TOTP enrolment, recovery codes and the account's sign-in events.
import type { AdminLoginResult } from './admin.js';

/** A way to answer a sign-in challenge: a TOTP code, a recovery code (while TOTP is on), a passkey. */
export type SecondFactorMethod = 'totp' | 'recovery' | 'passkey';

/**
 * What `POST /v1/admin/auth/login` answers instead of a token when the account
 * has a second factor: the challenge to answer at `POST /v1/admin/auth/login/second-factor`
 * (or with a passkey) within `expiresIn` seconds.
 */
export interface SecondFactorChallenge {
  secondFactorRequired: true;
  /** `lkc_`…, single-use */
  challengeToken: string;
  /** seconds */
  expiresIn: number;
  methods: SecondFactorMethod[];
}

/** The answer of `POST /v1/admin/auth/login`: a token, or the second step to take first. */
export type AdminLoginAnswer = AdminLoginResult | SecondFactorChallenge;

export function isSecondFactorChallenge(answer: AdminLoginAnswer): answer is SecondFactorChallenge {
  return 'secondFactorRequired' in answer && answer.secondFactorRequired === true;
}

// SecondFactorRequest, TotpCodeRequest and DisableTotpRequest are request shapes: shapes/two-factor.ts.

/** `GET /v1/admin/auth/two-factor` */
export interface TwoFactorStatus {
  totpEnabled: boolean;
  /** unused recovery codes (0 while TOTP is off) */
  recoveryCodesLeft: number;
  /** registered passkeys */
  passkeys: number;
}

/** `POST /v1/admin/auth/two-factor/totp`: a pending enrolment, enabled by its first code. */
export interface TotpEnrolment {
  /** base32, for entry by hand */
  secret: string;
  otpauthUri: string;
  /** the otpauth URI as an SVG QR code */
  qrCodeSvg: string;
}

/** Shown once: only their digests are kept. */
export interface RecoveryCodes {
  recoveryCodes: string[];
}

/** What an account sign-in event is about: a sign-in, or a change to the account's second factors. */
export type AccountSignInKind =
  'sign-in' | 'totp-enabled' | 'totp-disabled' | 'recovery-codes-regenerated' | 'passkey-added' | 'passkey-removed';
/** How the account proved itself (for a change: the code it was authorised with). */
export type AccountSignInMethod = 'password' | SecondFactorMethod;
/** `challenged`: the password was right and a second step was asked for. */
export type AccountSignInOutcome = 'success' | 'failed' | 'challenged';

/** One event of `GET /v1/admin/auth/sign-ins` (the account's last 50, newest first). */
export interface AccountSignIn {
  id: string;
  at: string;
  ip: string | null;
  userAgent: string | null;
  kind: AccountSignInKind;
  method: AccountSignInMethod;
  outcome: AccountSignInOutcome;
  /** why a step failed */
  reason?: string;
}

export const TwoFactorLimits = {
  /** seconds a sign-in challenge lives */
  challengeSeconds: 300,
  /** answers a challenge takes before it is dead */
  challengeAttempts: 5,
  recoveryCodes: 10,
  /** events GET /v1/admin/auth/sign-ins answers */
  signInsListed: 50,
  /** a presented code or challenge token is bounded before it is checked */
  codeMin: 1,
  codeMax: 64,
  challengeTokenMin: 1,
  challengeTokenMax: 128,
} as const;

export const TwoFactorMessage = {
  invalidCode: 'Invalid code',
  challengeExpired: 'Sign-in challenge expired or already used',
  totpAlreadyEnabled: 'Two-factor authentication is already on',
  noPendingEnrolment: 'No two-factor enrolment to confirm: start one first',
  totpNotEnabled: 'Two-factor authentication is off',
  oneCode: 'Send exactly one of the TOTP code and the recovery code',
} as const;
