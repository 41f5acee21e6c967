import { Secret, TOTP } from 'otpauth';

/**
 * TOTP as every authenticator app reads it (RFC 6238 defaults): SHA-1,
 * 6 digits, 30-second steps. A code is accepted within one step of drift
 * either side; which step it matched is returned, so the caller can refuse
 * a step already used (a code is never accepted twice).
 */
const TOTP_PARAMETERS = { issuer: 'Latchkey', algorithm: 'SHA1', digits: 6, period: 30 } as const;
const DRIFT_STEPS = 1;
/** 160 bits, the size RFC 4226 recommends for an HMAC-SHA-1 key. */
const SECRET_BYTES = 20;

/** A new secret, base32 (what a person types when the QR code cannot be scanned). */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

function totpOf(secret: string, label?: string): TOTP {
  return new TOTP({ ...TOTP_PARAMETERS, label, secret: Secret.fromBase32(secret) });
}

/** The `otpauth://totp/...` URI of the secret, labelled with the account's email. */
export function otpauthUri(secret: string, label: string): string {
  return totpOf(secret, label).toString();
}

/** The time step `code` (spaces allowed) matches at `now`, within the drift allowed; null when it matches none. */
export function matchingTotpStep(secret: string, code: string, now = Date.now()): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const totp = totpOf(secret);
  const delta = totp.validate({ token, timestamp: now, window: DRIFT_STEPS });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}
