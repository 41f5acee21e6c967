// The KeyAuth compatibility settings API as agreed with the API side
// (/work/briefs/keyauth-settings-api.md), until @latchkey/contracts carries it.
import { LicenseLimits } from '@latchkey/contracts';

export const KEYAUTH_VERSIONS = ['1.3', '1.2'] as const;
export type KeyAuthVersion = (typeof KEYAUTH_VERSIONS)[number];

export const KeyAuthLimits = {
  ownerIdPattern: /^[A-Za-z0-9]{10}$/,
  nameMin: 1,
  nameMax: 64,
  subscriptionNameMin: 1,
  subscriptionNameMax: 64,
  levelMin: 1,
  levelMax: LicenseLimits.levelMax,
  appVersionMax: 64,
  downloadUrlMax: 2048,
  secretPattern: /^[0-9a-fA-F]{64}$/,
  defaultSubscriptionName: 'default',
} as const;

export const KeyAuthMessage = {
  ownerId: 'ownerId must be 10 characters of A-Z, a-z, 0-9',
  versions: `versions must be a non-empty list of distinct versions of: ${KEYAUTH_VERSIONS.join(', ')}`,
  secret: 'secret must be 64 hexadecimal characters',
} as const;

export interface KeyAuthSettings {
  enabled: boolean;
  ownerId: string;
  name: string;
  versions: KeyAuthVersion[];
  subscriptionNames: Record<string, string>;
  fetchOnline: boolean;
  selfBan: boolean;
  appVersion: string | null;
  downloadUrl: string | null;
  publicKeyHex: string;
  secretSet: boolean;
  endpoints: { v13: string; v12: string };
}

export interface UpdateKeyAuthSettingsRequest {
  enabled: boolean;
  ownerId: string;
  name: string;
  versions: KeyAuthVersion[];
  subscriptionNames: Record<string, string>;
  fetchOnline: boolean;
  selfBan: boolean;
  appVersion: string | null;
  downloadUrl: string | null;
}

export interface SetKeyAuthSecretRequest {
  secret?: string;
}

export interface KeyAuthSecret {
  secret: string;
}
