import { ClientMessage } from './generated/client.js';
import { FileMessage } from './generated/files.js';

type SuccessMessageKey =
  | 'appInitialized'
  | 'registered'
  | 'loggedIn'
  | 'authenticated'
  | 'upgraded'
  | 'sessionValid'
  | 'sessionAlive'
  | 'loggedOut'
  | 'variableRetrieved'
  | 'downloadReady'
  | 'logged'
  | 'userVariableRetrieved'
  | 'userVariableSaved'
  | 'userVariableDeleted'
  | 'userVariablesRetrieved';
type RefusalMessageKey = Exclude<keyof typeof ClientMessage, SuccessMessageKey>;

/**
 * One code per refusal message of the contract. The `satisfies` clause makes a
 * message added to the contract without a code here a type error, so codes
 * never silently fall back to a generic one.
 */
const REFUSAL_CODES = {
  unknownType: 'UNKNOWN_TYPE',
  invalidCredentials: 'INVALID_APP_CREDENTIALS',
  appDisabled: 'APP_DISABLED',
  accessDenied: 'ACCESS_DENIED',
  invalidLogin: 'INVALID_USER_LOGIN',
  licenseNotFound: 'LICENSE_NOT_FOUND',
  licenseBanned: 'LICENSE_BANNED',
  licenseExpired: 'LICENSE_EXPIRED',
  licenseUsed: 'LICENSE_USED',
  usernameTaken: 'USERNAME_TAKEN',
  userBanned: 'USER_BANNED',
  hwidMismatch: 'HWID_MISMATCH',
  invalidSession: 'INVALID_SESSION',
  variableNotFound: 'VARIABLE_NOT_FOUND',
  fileNotFound: 'FILE_NOT_FOUND',
  insufficientLevel: 'INSUFFICIENT_LEVEL',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  userVariableLimit: 'USER_VARIABLE_LIMIT',
} as const satisfies Record<RefusalMessageKey, string>;

/** Codes of answers the service gave (verified where the answer was signed). */
export type ServerErrorCode =
  | (typeof REFUSAL_CODES)[RefusalMessageKey]
  /** 400 naming a field, e.g. `username must be 3-32 characters` */
  | 'VALIDATION'
  /** 410: a download link used twice, after 60 s or after the session ended */
  | 'DOWNLOAD_GONE'
  /** 5xx */
  | 'SERVER_ERROR'
  /** a status and message this SDK version does not know */
  | 'UNKNOWN_ERROR';

/** Codes of checks made on this side. */
export type ClientErrorCode =
  /** unsigned answer, or a signature that does not verify with the app's public key */
  | 'SIGNATURE_INVALID'
  /** the signed timestamp is further from now than `maxSkewSeconds` */
  | 'STALE_RESPONSE'
  /** the signed answer does not carry this request's nonce: a replay */
  | 'NONCE_MISMATCH'
  /** no answer: connection refused, DNS, timeout */
  | 'NETWORK'
  /** an answer that is not the protocol's (not JSON, wrong shape, wrong encryption parameters) */
  | 'UNEXPECTED_RESPONSE'
  /** a session call before register, login or license (or after logout) */
  | 'NO_SESSION'
  /** a downloaded file whose size or SHA-256 differs from the signed answer, or a record that fails to decrypt */
  | 'FILE_INTEGRITY'
  /** an offline ticket with a bad signature, key id, issuer, machine or claims */
  | 'TICKET_INVALID'
  /** an offline ticket past its `exp` */
  | 'TICKET_EXPIRED'
  /** machineId(): the platform's machine identifier could not be read */
  | 'MACHINE_ID_UNAVAILABLE'
  /** the service does not know this appId: its unsigned 401 `Invalid application credentials` (a known app's answers are signed) */
  | 'APP_UNKNOWN';

export type LatchkeyErrorCode = ServerErrorCode | ClientErrorCode;

/** The checks this side makes on an answer; an error with one of these codes is not the service's verified word. */
const ANSWER_CHECKS: ReadonlySet<LatchkeyErrorCode> = new Set<ClientErrorCode>([
  'SIGNATURE_INVALID',
  'STALE_RESPONSE',
  'NONCE_MISMATCH',
  'UNEXPECTED_RESPONSE',
  'APP_UNKNOWN',
]);

/** True when the error is this side refusing an answer (forged, stale, replayed, malformed), not a refusal of the service. */
export function isClientCheckFailure(error: LatchkeyError): boolean {
  return ANSWER_CHECKS.has(error.code);
}

export class LatchkeyError extends Error {
  override readonly name = 'LatchkeyError';

  constructor(
    /** stable across versions: match on this, not on `message` */
    readonly code: LatchkeyErrorCode,
    message: string,
    /** HTTP status of the answer; 0 when there was none or the check was local */
    readonly status = 0,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

const CODE_BY_MESSAGE = new Map<string, ServerErrorCode>(
  (Object.keys(REFUSAL_CODES) as RefusalMessageKey[]).map((key) => [ClientMessage[key], REFUSAL_CODES[key]]),
);
CODE_BY_MESSAGE.set(FileMessage.linkGone, 'DOWNLOAD_GONE');

/**
 * The error for an answer that carries no signature. The service signs every
 * answer of a known app (a wrong apiKey included), so its unsigned 401
 * `Invalid application credentials` means it does not know the appId;
 * anything else unsigned is not the service's word.
 */
export function unsignedAnswerError(status: number, message: string): LatchkeyError {
  if (status === 401 && message === ClientMessage.invalidCredentials) {
    return new LatchkeyError(
      'APP_UNKNOWN',
      `The service does not know this appId (unsigned answer: 401 ${ClientMessage.invalidCredentials})`,
      status,
    );
  }
  return new LatchkeyError('SIGNATURE_INVALID', `Answer is not signed (HTTP ${status}: ${message})`, status);
}

/** The code of a refusal the service answered with. */
export function codeForAnswer(status: number, message: string): ServerErrorCode {
  const known = CODE_BY_MESSAGE.get(message);
  if (known) return known;
  if (status === 400) return 'VALIDATION';
  if (status === 410) return 'DOWNLOAD_GONE';
  if (status >= 500) return 'SERVER_ERROR';
  return 'UNKNOWN_ERROR';
}
