// Licenses, durations and key format (spec/contract.md, Licenses).
import { AccountLimits } from './admin-limits.js';
import { ClientLimits, ClientMessage } from './client.js';
import { FieldMessage } from './field-messages.js';

export const DURATION_TYPES = ['1h', '1d', '7d', '30d', '90d', '365d', 'lifetime'] as const;
export type DurationType = (typeof DURATION_TYPES)[number];

const HOUR_MS = 3_600_000;
/** Milliseconds per duration; `lifetime` is null (never expires). */
export const DURATION_MS: Record<DurationType, number | null> = {
  '1h': HOUR_MS,
  '1d': 24 * HOUR_MS,
  '7d': 7 * 24 * HOUR_MS,
  '30d': 30 * 24 * HOUR_MS,
  '90d': 90 * 24 * HOUR_MS,
  '365d': 365 * 24 * HOUR_MS,
  lifetime: null,
};

export const LICENSE_STATUSES = ['UNUSED', 'USED', 'BANNED', 'EXPIRED'] as const;
export type LicenseStatus = (typeof LICENSE_STATUSES)[number];

/** Characters of generated key segments: no 0/O, 1/I to avoid misreading. */
export const KEY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const KEY_SEGMENT_LENGTH = 5;
export const KEY_SEGMENTS = 4;

export interface License {
  id: string;
  key: string;
  appId: string;
  status: LicenseStatus;
  durationType: DurationType;
  level: number;
  maxDevices: number;
  prefix: string | null;
  note: string | null;
  createdAt: string;
  activatedAt: string | null;
  expiresAt: string | null;
  userId: string | null;
  createdBy: string | null;
  banReason: string | null;
  /** days added to an unused key by a bulk `licenses.add-time`, counted on top of its duration at first use */
  extraDays: number;
  /** The store order that produced the key (docs/selling.md); null for keys made otherwise. */
  orderId: string | null;
}

/**
 * The latest expiry a user or license may have: timestamps are written with
 * four-digit years. An admin input past it gets 400 naming the field; an
 * `upgrade` that would pass it stops at it.
 */
export const LATEST_EXPIRY = '9999-12-31T23:59:59.999Z';
/** LATEST_EXPIRY in milliseconds since the epoch, for comparing with Date values. */
export const LATEST_EXPIRY_MS = Date.parse(LATEST_EXPIRY);

// GenerateLicensesRequest, UpdateLicenseRequest and BanLicenseRequest are validated classes: shapes/licenses.ts.

export interface Variable {
  key: string;
  value: string;
  minLevel: number;
  createdAt: string;
  updatedAt: string;
}

/** Field limits of license generation, editing and listing (contract, "Licenses"). */
export const LicenseLimits = {
  countMin: 1,
  countMax: 100,
  /** keys generated when `count` is absent */
  countDefault: 1,
  levelMin: 0,
  levelMax: 1000,
  /** the level of a key, and of a user the owner creates, when `level` is absent */
  levelDefault: 1,
  maxDevicesMin: 1,
  maxDevicesMax: 1000,
  /** the devices a key, and a user the owner creates, allow when `maxDevices` is absent */
  maxDevicesDefault: 1,
  prefixPattern: /^[A-Za-z0-9]{1,16}$/,
  /** the days added to a key's duration (bulk "add time") stop here: 10,000 years */
  extraDaysMax: 3_650_000,
  prefixMax: 16,
  noteMax: 500,
  banReasonMax: 500,
  /** a trigram index serves searches of 3 characters or more (docs/decisions/scale-and-planner-statistics.md) */
  searchMin: 3,
  searchMax: 100,
} as const;

/** The refusal of a key prefix (the other license fields are worded by `FieldMessage`). */
export const PREFIX_MESSAGE = `prefix must be 1-${LicenseLimits.prefixMax} characters of A-Z, a-z, 0-9`;

// ListLicensesQuery and ExportLicensesQuery are request shapes: shapes/licenses.ts.

/** Field limits of server-side variables (contract, "Users, sessions, variables ..."). */
export const VariableLimits = {
  keyPattern: ClientLimits.variableKeyPattern,
  keyMax: ClientLimits.varKeyMax,
  /** characters */
  valueMax: 65_536,
  minLevelMin: 0,
  minLevelMax: 1000,
  /** a variable created without `minLevel` is readable at any level */
  minLevelDefault: 0,
} as const;

/** What `VariableLimits.keyPattern` allows, in words. */
export const VARIABLE_KEY_RULE = `1-${VariableLimits.keyMax} characters of A-Z, a-z, 0-9, _ . -`;
export const VariableMessage = {
  key: `key must be ${VARIABLE_KEY_RULE}`,
  value: `value must be at most ${VariableLimits.valueMax / 1024} KiB`,
} as const;

/**
 * Field limits of a user's own variables (`uservar`, `setuservar`, the admin
 * routes under `.../users/{userId}/variables`): keys as app variables', small
 * values, a few per user.
 */
export const UserVariableLimits = {
  keyPattern: ClientLimits.variableKeyPattern,
  keyMax: ClientLimits.varKeyMax,
  /** characters */
  valueMax: ClientLimits.userVariableValueMax,
  perUser: ClientLimits.userVariablesPerUser,
} as const;
export const UserVariableMessage = {
  key: VariableMessage.key,
  value: FieldMessage.atMost('value', UserVariableLimits.valueMax),
  /** a new key for a user who holds `perUser` variables already (409) */
  limit: ClientMessage.userVariableLimit,
} as const;

/** A user's own variable, as the admin API shows it. */
export interface UserVariable {
  key: string;
  value: string;
  createdAt: string;
  updatedAt: string;
}
// SetUserVariableRequest, CreateVariableRequest and UpdateVariableRequest are validated classes: shapes/.

// Resellers and credits (contract, "Resellers and credits").

/** A reseller: an account created by an owner to sell one app's keys for credits. */
export interface Reseller {
  /** the reseller's account id: licenses it generates carry it as `createdBy` */
  id: string;
  email: string;
  appId: string;
  credits: number;
  /** null allows any level */
  allowedLevels: number[] | null;
  /** null allows any duration */
  allowedDurations: DurationType[] | null;
  /** the most devices a key it generates may allow; null: any up to LicenseLimits.maxDevicesMax */
  maxDevicesLimit: number | null;
  /** false once disabled: login refused, tokens revoked; keys and ledger kept */
  enabled: boolean;
  /** keys generated minus keys refunded */
  keysGenerated: number;
  createdAt: string;
  lastLoginAt: string | null;
}
// CreateResellerRequest, UpdateResellerRequest and AdjustCreditsRequest are validated classes: shapes/resellers.ts.

export const LEDGER_REASONS = ['grant', 'generate', 'refund'] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];
/** One change of a reseller's balance; a reseller's entries sum to its balance. */
export interface LedgerEntry {
  id: string;
  /** positive: credits added (grant, refund); negative: spent (generate) or removed by the owner */
  amount: number;
  balanceAfter: number;
  reason: LedgerReason;
  /** the owner's note of a grant; null otherwise */
  note: string | null;
  /** generated keys (generate) or the deleted key (refund); empty for grants */
  licenseIds: string[];
  /** email of the account that made the change */
  actor: string;
  createdAt: string;
}

/** Field limits of resellers and credit changes (contract, "Resellers and credits"). */
export const ResellerLimits = {
  /** a reseller is an account: its password follows the account rule */
  passwordMin: AccountLimits.passwordMin,
  passwordMax: AccountLimits.passwordMax,
  creditsMin: 0,
  creditsMax: 1_000_000,
  /** the opening balance when `credits` is absent */
  creditsDefault: 0,
  amountMin: -1_000_000,
  amountMax: 1_000_000,
  noteMax: 500,
  /** a balance above this is refused, so it always fits a 32-bit integer */
  balanceMax: 1_000_000_000,
  allowedLevelsMax: 100,
} as const;
