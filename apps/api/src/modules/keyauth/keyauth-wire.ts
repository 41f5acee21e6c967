import type { ErrorCode, KeyAuthMessageName } from '@latchkey/contracts';
import { hmacSha256, randomHex } from '../../common/crypto.js';
import type { KeyAuthVersion } from '@latchkey/contracts';

/*
 * KeyAuth's wire format (../shared/spec/keyauth-compat.md): what a request
 * carries, how an answer is written and signed, and KeyAuth's default words.
 */

/** What KeyAuth's server answers, unsigned and as plain text, for an unknown ownerid + name or a switched-off app. */
export const KEYAUTH_INVALID = 'KeyAuth_Invalid';

/** The `code` a 1.3 success carries (the official C++ client refuses a success without it). */
export const SUCCESS_CODE = 68;

/** The longest `enckey` a 1.2 client may send with `init` (KeyAuth's limit). */
export const ENCKEY_MAX = 35;

/**
 * The largest file `file` answers: the plaintext travels as hex inside one
 * JSON answer held in memory (twice its size), so larger files are for `/v1`'s
 * streamed, single-use links.
 */
export const FILE_MAX_BYTES = 8 * 1024 * 1024;

/**
 * The request's fields: the query string and the form body merged (the body
 * wins, as PHP's `$_REQUEST` does), each trimmed; an empty field, or one sent
 * twice (an array), counts as absent.
 */
export function requestFields(query: unknown, body: unknown): Map<string, string> {
  const fields = new Map<string, string>();
  for (const source of [query, body]) {
    if (typeof source !== 'object' || source === null) continue;
    for (const [name, value] of Object.entries(source)) {
      const trimmed = typeof value === 'string' ? value.trim() : '';
      if (trimmed === '') fields.delete(name);
      else fields.set(name, trimmed);
    }
  }
  return fields;
}

/**
 * JSON with every character outside printable ASCII escaped as `\uXXXX`: the
 * C# client checks the signature over the body decoded with the machine's
 * ANSI code page, which only agrees with the bytes signed on ASCII.
 */
export function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** A fresh `nonce` for one answer. */
export function answerNonce(): string {
  return randomHex(16);
}

/** Protocol 1.2's `signature` header: hex HMAC-SHA256 of the body under `key`. */
export function hmacSignature(key: string, body: string): string {
  return hmacSha256(key, body).toString('hex');
}

/** The 1.2 HMAC key of an answer: the app secret for `init`, `enckey + "-" + secret` after it. */
export function hmacKey(secret: string, enckey: string | null): string {
  return enckey === null ? secret : `${enckey}-${secret}`;
}

/** The protocol version a path names (`/api/1.3/`, `/api/1.2`, with or without a query string). */
export function versionOfPath(url: string): KeyAuthVersion | null {
  const match = /^\/api\/(1\.[23])\/?(?:\?|$)/.exec(url);
  return match ? (match[1] as KeyAuthVersion) : null;
}

/**
 * The message answering each of Latchkey's refusals that KeyAuth has a message
 * for: an app may replace it, else KeyAuth's default words are answered
 * (KEYAUTH_MESSAGE_DEFAULTS in contracts, which shipped clients may match on).
 */
export const KEYAUTH_FAILURE: Partial<Record<ErrorCode, KeyAuthMessageName>> = {
  LICENSE_NOT_FOUND: 'keynotfound',
  LICENSE_USED: 'keyused',
  LICENSE_BANNED: 'keybanned',
  USERNAME_TAKEN: 'usernametaken',
  // Latchkey never tells an unknown user from a wrong password; KeyAuth's words for the first serve both.
  INVALID_USER_LOGIN: 'usernamenotfound',
  HWID_MISMATCH: 'hwidmismatch',
  LICENSE_EXPIRED: 'noactivesubs',
  ACCESS_DENIED: 'hwidblacked',
  USER_BANNED: 'userbanned',
  APP_DISABLED: 'appdisabled',
};

/** `/v1`'s names of the fields KeyAuth names otherwise, as a refusal's message starts with them. */
const KEYAUTH_FIELD_NAMES: [RegExp, string][] = [
  [/^licenseKey\b/, 'key'],
  [/^password\b/, 'pass'],
];

/** A `/v1` validation message with the field named as the KeyAuth client sent it (`licenseKey` is `key`). */
export function inKeyAuthFieldNames(message: string): string {
  return KEYAUTH_FIELD_NAMES.reduce((renamed, [name, keyauthName]) => renamed.replace(name, keyauthName), message);
}

export const KeyAuthText = {
  initialized: 'Initialized',
  invalidVersion: 'invalidver',
  upgraded: 'Upgraded successfully',
  sessionValidated: 'Session is validated.',
  sessionNotFound: 'Session not found. Use latest client.',
  loggedOut: 'Successfully logged out.',
  logged: 'Log sent',
  statsFetched: 'Successfully grabbed stats',
  onlineFetched: 'Successfully fetched online users.',
  noOnlineUsers: 'No online users found!',
  blacklisted: 'Client is blacklisted',
  notBlacklisted: 'Client is not blacklisted',
  variableSet: 'Successfully set variable',
  variableFetched: 'Successfully retrieved variable',
  fileFetched: 'File download successful',
  fileTooLarge: `File is too large for the KeyAuth protocol (at most ${FILE_MAX_BYTES / 1024 / 1024} MiB): use /v1`,
  clientBan: 'KeyAuth client ban',
  banned: 'Successfully Banned User',
  usernameChanged: 'Successfully changed username, user logged out.',
  missingType: 'The type field is required',
  unknownType: 'Unknown request type',
  tooManyRequests: 'Too many requests',
  unavailable: 'Service unavailable, try again later',
  fetchOnlineOff: 'fetchOnline is turned off for this application',
  selfBanOff: 'Client bans are turned off for this application',
  notOffered: (type: string) => `${type} is not offered by this server (Latchkey's KeyAuth compatibility)`,
} as const;

/** The types served on a validated session by KeyAuthSessionCalls (the endpoint serves the others itself). */
const SESSION_GATED_TYPES = [
  'check',
  'var',
  'getvar',
  'setvar',
  'log',
  'file',
  'ban',
  'fetchOnline',
  'changeUsername',
] as const;
export type SessionGatedType = (typeof SESSION_GATED_TYPES)[number];

const ENDPOINT_TYPES = [
  'init',
  'register',
  'login',
  'license',
  'upgrade',
  'checkblacklist',
  'fetchStats',
  'logout',
] as const;
export type ServedType = (typeof ENDPOINT_TYPES)[number] | SessionGatedType;

/** The KeyAuth types Latchkey answers; any other is refused before its session is looked up. */
export const SERVED_TYPES: ReadonlySet<string> = new Set<ServedType>([...ENDPOINT_TYPES, ...SESSION_GATED_TYPES]);

export function isServedType(type: string): type is ServedType {
  return SERVED_TYPES.has(type);
}

/** The types KeyAuth's protocol has that Latchkey does not offer, answered with a clear refusal. */
export const NOT_OFFERED_TYPES = new Set(['webhook', 'chatget', 'chatsend', 'forgot', '2faenable', '2fadisable']);
