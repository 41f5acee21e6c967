import type { AuthenticatorTransport } from '@simplewebauthn/server';
import { PasskeyLimits } from '@latchkey/contracts';
import { sha256 } from '../../common/crypto.js';
import { AppError } from '../../common/errors.js';
import { sqlAffected, sqlRows, type SqlExecutor } from '../../common/sql.js';
import {
  type CredentialRow,
  DELETE_OLD_CHALLENGES,
  INSERT_CHALLENGE,
  type PasskeyChallengePurpose,
  USE_CHALLENGE,
} from './passkeys.queries.js';

/*
 * WebAuthn challenges and the parts of a browser's answer that registration
 * and sign-in both read. A challenge is stored as its SHA-256, bound to its
 * purpose (and account), lives PasskeyLimits.challengeSeconds and is used
 * once, by the statement that accepts it, before the response is verified.
 */

/** Stores a new challenge's SHA-256 (and sweeps long-dead ones); its id. */
export async function saveChallenge(
  executor: SqlExecutor,
  purpose: PasskeyChallengePurpose,
  accountId: string | null,
  challenge: string,
): Promise<string> {
  await sqlAffected(executor, DELETE_OLD_CHALLENGES);
  const [row] = await sqlRows<{ id: string }>(executor, INSERT_CHALLENGE, [
    purpose,
    accountId,
    sha256(challenge),
    PasskeyLimits.challengeSeconds,
  ]);
  return row!.id;
}

/** Uses the live challenge, or 401 `Passkey challenge expired or already used`. */
export async function useChallenge(
  executor: SqlExecutor,
  purpose: PasskeyChallengePurpose,
  accountId: string | null,
  challenge: string,
  challengeId: string | null = null,
): Promise<void> {
  const used = await sqlRows(executor, USE_CHALLENGE, [purpose, accountId, sha256(challenge), challengeId]);
  if (used.length === 0) throw new AppError('PASSKEY_CHALLENGE_EXPIRED');
}

/** How a sign-in challenge keeps the WebAuthn challenge of its passkey option: SHA-256, hex (a text column). */
export function digestOf(challenge: string): string {
  return sha256(challenge).toString('hex');
}

/** The WebAuthn user handle of an account: its UUID's 16 bytes (no email or other personal data). */
export function userHandleOf(accountId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(accountId.replaceAll('-', ''), 'hex'));
}

/** The challenge a browser's response answers (from its clientDataJSON), or null when the response has none. */
export function challengeOf(response: unknown): string | null {
  const clientDataJSON = (response as { response?: { clientDataJSON?: unknown } }).response?.clientDataJSON;
  if (typeof clientDataJSON !== 'string') return null;
  try {
    const { challenge } = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as {
      challenge?: unknown;
    };
    return typeof challenge === 'string' && challenge.length > 0 ? challenge : null;
  } catch {
    return null;
  }
}

export function toDescriptor(row: CredentialRow) {
  return { id: row.credential_id, transports: row.transports as AuthenticatorTransport[] };
}
