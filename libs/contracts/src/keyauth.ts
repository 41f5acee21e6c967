// KeyAuth compatibility (issue 26): the settings admin API shared by the API and the console.
import { LicenseLimits } from './licensing.js';

/** The KeyAuth protocol versions an app may accept. */
export const KEYAUTH_VERSIONS = ['1.3', '1.2'] as const;
export type KeyAuthVersion = (typeof KEYAUTH_VERSIONS)[number];

export const KeyAuthLimits = {
  /** KeyAuth's `ownerid`: what shipped clients have compiled in */
  ownerIdPattern: /^[A-Za-z0-9]{10}$/,
  ownerIdLength: 10,
  nameMin: 1,
  nameMax: 64,
  subscriptionNameMin: 1,
  subscriptionNameMax: 64,
  /** subscription names are set per level, 1 to the highest a key may have */
  levelMin: 1,
  levelMax: LicenseLimits.levelMax,
  appVersionMin: 1,
  appVersionMax: 64,
  downloadUrlMax: 2048,
  /** the 1.2 HMAC secret: 32 bytes as hex */
  secretPattern: /^[0-9a-fA-F]{64}$/,
  /** the subscription name of a level without one */
  defaultSubscriptionName: 'default',
} as const;

export const KeyAuthMessage = {
  ownerId: 'ownerId must be 10 characters of A-Z, a-z, 0-9',
  versions: `versions must be a non-empty list of distinct versions of: ${KEYAUTH_VERSIONS.join(', ')}`,
  subscriptionNames: `subscriptionNames must map levels ${KeyAuthLimits.levelMin}-${KeyAuthLimits.levelMax} to names of ${KeyAuthLimits.subscriptionNameMin}-${KeyAuthLimits.subscriptionNameMax} characters`,
  secret: 'secret must be 64 hexadecimal characters',
  pairTaken: 'Another application already uses this ownerId and name',
  /** changeUsername by a key's implicit user, which is named after its key */
  keyUserKeepsName: 'A user who signs in with a key alone keeps the key as its username',
} as const;

/** `GET /v1/admin/apps/{appId}/keyauth`: an app's KeyAuth compatibility settings (never the secret). */
export interface KeyAuthSettings {
  /** false until the owner turns it on */
  enabled: boolean;
  /** 10 characters of A-Za-z0-9, generated once when first read */
  ownerId: string;
  /** the app name KeyAuth clients send; defaults to the app's name */
  name: string;
  versions: KeyAuthVersion[];
  /** level (as a string) -> subscription name; a level missing here is `default` */
  subscriptionNames: Record<string, string>;
  /** the optional type `fetchOnline` (discloses usernames of live sessions) */
  fetchOnline: boolean;
  /** the optional type `ban` (a client bans its own user, anti-tamper) */
  selfBan: boolean;
  /** init compares the client's `ver` to it when set */
  appVersion: string | null;
  /** answered with `invalidver` */
  downloadUrl: string | null;
  /** the app's Ed25519 public key, 64 hex characters, as KeyAuth clients embed it */
  publicKeyHex: string;
  /** a 1.2 secret exists (one is generated on the first save) */
  secretSet: boolean;
  /** the URLs KeyAuth clients are pointed at */
  endpoints: { v13: string; v12: string };
}

// UpdateKeyAuthSettingsRequest and SetKeyAuthSecretRequest are validated classes: shapes/keyauth-settings.ts.

/** The answer of the secret routes. */
export interface KeyAuthSecret {
  secret: string;
}
