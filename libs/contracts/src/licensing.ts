// Licenses, durations and key format (spec/contract.md, Licenses).

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
}

export interface GenerateLicensesRequest {
  count?: number;
  durationType: DurationType;
  level?: number;
  maxDevices?: number;
  prefix?: string;
  note?: string;
}

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
  levelMin: 0,
  levelMax: 1000,
  maxDevicesMin: 1,
  maxDevicesMax: 1000,
  prefixPattern: /^[A-Za-z0-9]{1,16}$/,
  prefixMax: 16,
  noteMax: 500,
  banReasonMax: 500,
  searchMax: 100,
} as const;

export interface ListLicensesQuery {
  status?: LicenseStatus;
  /** Part of the key or the note. */
  search?: string;
  page?: number;
  limit?: number;
}
export interface UpdateLicenseRequest {
  /** null clears the note */
  note?: string | null;
  level?: number;
  maxDevices?: number;
}
export interface BanLicenseRequest {
  reason?: string | null;
}

/** Field limits of server-side variables (contract, "Users, sessions, variables ..."). */
export const VariableLimits = {
  keyPattern: /^[A-Za-z0-9_.-]{1,64}$/,
  keyMax: 64,
  /** characters */
  valueMax: 65_536,
  minLevelMin: 0,
  minLevelMax: 1000,
} as const;

export interface CreateVariableRequest {
  key: string;
  value: string;
  minLevel?: number;
}
export interface UpdateVariableRequest {
  value?: string;
  minLevel?: number;
}
