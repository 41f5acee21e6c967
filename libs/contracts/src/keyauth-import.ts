// Import from KeyAuth (issue 26, item 3): a vendor's KeyAuth exports come into
// an existing app, previewed first, then committed in one transaction.
import { FieldMessage } from './field-messages.js';
import type { Job } from './jobs.js';
import { LicenseLimits, type DurationType } from './licensing.js';

/**
 * The files an import reads, told apart by their shape: KeyAuth dashboard's
 * `KeyAuthKeys.json` (an array of `{ key, level, expiry }`, expiry in days)
 * and `KeyAuthUsers.json` (`{ users, subscription }`), and the seller API's
 * `fetchallkeys` (`{ success, keys }`) and `fetchallusers` (`{ success, users }`).
 */
export const KEYAUTH_IMPORT_FORMATS = ['dashboard-keys', 'dashboard-users', 'seller-keys', 'seller-users'] as const;
export type KeyAuthImportFormat = (typeof KEYAUTH_IMPORT_FORMATS)[number];

/**
 * `previewing`: the worker classifies the rows; `ready`: the preview is there
 * to commit; `committing`, then `committed` (or `failed`, nothing changed).
 */
export const KEYAUTH_IMPORT_STATUSES = ['previewing', 'ready', 'committing', 'committed', 'failed'] as const;
export type KeyAuthImportStatus = (typeof KEYAUTH_IMPORT_STATUSES)[number];

/** What the commit does with a row: creates it, skips it (a problem in the row or the file), or leaves the app's own. */
export const KEYAUTH_IMPORT_OUTCOMES = ['create', 'skip', 'conflict'] as const;
export type KeyAuthImportOutcome = (typeof KEYAUTH_IMPORT_OUTCOMES)[number];

export const KEYAUTH_IMPORT_KINDS = ['users', 'keys'] as const;
export type KeyAuthImportKind = (typeof KEYAUTH_IMPORT_KINDS)[number];

export type KeyAuthImportCounts = Record<KeyAuthImportOutcome, number>;

/** A KeyAuth subscription name of the file, how many users hold it, and the level it becomes. */
export interface KeyAuthSubscriptionLevel {
  name: string;
  users: number;
  level: number;
}

/** What a committed import created. */
export interface KeyAuthImportResult {
  usersCreated: number;
  keysCreated: number;
  usersSkipped: number;
  keysSkipped: number;
}

export interface KeyAuthImport {
  id: string;
  appId: string;
  format: KeyAuthImportFormat;
  fileName: string | null;
  status: KeyAuthImportStatus;
  /** null until the preview job has classified every row */
  counts: { users: KeyAuthImportCounts; keys: KeyAuthImportCounts } | null;
  subscriptions: KeyAuthSubscriptionLevel[];
  previewJob: Job | null;
  commitJob: Job | null;
  result: KeyAuthImportResult | null;
  createdAt: string;
}

/** One row of the preview: its position in the file, what it names, and what the commit does with it. */
export interface KeyAuthImportRow {
  line: number;
  name: string;
  outcome: KeyAuthImportOutcome | null;
  reason: string | null;
  level: number | null;
  status: string | null;
  usedBy: string | null;
  /** what a key becomes (null for users): KeyAuth's `expiry` as a duration and the days past it */
  durationType: DurationType | null;
  extraDays: number | null;
  hwid: string | null;
  banned: boolean;
}

// CommitKeyAuthImportRequest and KeyAuthImportRowsQuery are request shapes: shapes/keyauth-import.ts.

export const KeyAuthImportLimits = {
  maxBytes: 256 * 1024 * 1024,
  /** rows of one section (users, subscriptions, keys) */
  maxRows: 1_000_000,
  /** subscription names one import maps to levels */
  subscriptionsMax: 200,
  /** characters of a subscription name given a level */
  subscriptionNameMax: 64,
  levelMin: LicenseLimits.levelMin,
  levelMax: LicenseLimits.levelMax,
  /** a field of a row: far above any KeyAuth column (its HWID column holds 2000), a bound on one bad row */
  fieldMax: 4096,
} as const;

export const KeyAuthImportMessage = {
  noFile: 'file is required',
  notJson: (detail: string) => `The file is not valid JSON: ${detail}`,
  unknownShape:
    'The file is not a KeyAuth export: expected KeyAuthKeys.json (an array of keys), KeyAuthUsers.json ({ users, subscription }), or the seller API answer of fetchallkeys or fetchallusers',
  failedAnswer: (message: string) => `The file is a failed KeyAuth seller API answer: ${message}`,
  notAnObject: (section: string, index: number) => `${section}[${index}] must be an object`,
  missingField: (section: string, index: number, field: string) => `${section}[${index}].${field} is required`,
  fieldTooLong: (section: string, index: number) =>
    `${section}[${index}] has a field longer than ${KeyAuthImportLimits.fieldMax} characters`,
  tooManyRows: (section: string) => `${section} holds more than ${KeyAuthImportLimits.maxRows} rows`,
  empty: 'The file holds no users and no keys',
  levels: `levels must map subscription names to integers between ${LicenseLimits.levelMin} and ${LicenseLimits.levelMax}`,
  notReady: 'The import can be committed once its preview is ready, and only once',
  kind: FieldMessage.oneOf('kind', KEYAUTH_IMPORT_KINDS),
  outcome: FieldMessage.oneOf('outcome', KEYAUTH_IMPORT_OUTCOMES),
} as const;

/** Why a row is skipped or conflicts (the preview shows them). */
export const KeyAuthRowReason = {
  username: 'username must be 1-64 characters of A-Z, a-z, 0-9, _ . -',
  password: 'password is not a bcrypt hash ($2y$, $2a$ or $2b$)',
  passwordCost: (cost: number, max: number) =>
    `password hash cost ${cost} is above ${max}, the most this server checks: import the user without its password`,
  key: 'key must be 1-64 characters of A-Z, a-z, 0-9 and -',
  level: FieldMessage.between('level', LicenseLimits.levelMin, LicenseLimits.levelMax),
  expiry: 'expiry must be a positive number',
  status: 'status must be Not Used, Used or Banned',
  duplicate: 'appears earlier in the file',
  usernameTaken: 'the app has a user with this username (another password hash)',
  alreadyImported: 'the app has this user already (same password hash): imported before',
  keyTaken: 'the app has this key already',
  nul: (field: string) => `${field} holds a NUL character`,
  subscriptionNul: 'a subscription of this user holds a NUL character',
} as const;
