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
  downloadUrlMax: 2048,
  /** a replaced KeyAuth message (KEYAUTH_MESSAGE_DEFAULTS): one line a client shows */
  messageMin: 1,
  messageMax: 256,
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
  messages: `overrides must map KeyAuth message names to texts of ${KeyAuthLimits.messageMin}-${KeyAuthLimits.messageMax} characters without control characters`,
  loggedInInitialized:
    'overrides.loggedInMsg must not be "Initialized": KeyAuth clients refuse a login answered with it (a replayed init)',
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
  /** init refuses (`invalidver`) a client whose `ver` is not the app's version (the app's one `version`) */
  checkVersion: boolean;
  /**
   * Deprecated (issue 41, one release): the app's version when `checkVersion` is on, else null. The app's
   * `version` is the one version field now; a PUT that sends a string here sets it and turns the check on.
   */
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

/**
 * The messages a vendor may replace per app (issue 40), named as KeyAuth's
 * app settings name them, each with the words answered when not replaced
 * (KeyAuth's defaults, which shipped clients may match on). Only the
 * situations Latchkey has: no VPN block, paused subscription or app, hash
 * check or chat; `usernamenotfound` also answers a wrong password (KeyAuth's
 * `passmismatch`), since Latchkey never says which was wrong; `invalidver` is
 * not replaceable: clients match on it to start their auto-update.
 */
export const KEYAUTH_MESSAGE_DEFAULTS = {
  appdisabled: 'This application is disabled',
  usernametaken: 'Username already taken, choose a different one',
  keynotfound: 'Invalid license key',
  keyused: 'License key has already been used',
  keybanned: 'Your license is banned',
  usernamenotfound: 'Invalid username',
  hwidmismatch: "HWID doesn't match. Ask for a HWID reset",
  noactivesubs: 'No active subscription(s) found',
  hwidblacked: "You've been blacklisted from our application",
  userbanned: 'The user is banned',
  sessionunauthed: 'Session is not validated',
  loggedInMsg: 'Logged in!',
} as const;
export type KeyAuthMessageName = keyof typeof KEYAUTH_MESSAGE_DEFAULTS;
export const KEYAUTH_MESSAGE_NAMES = Object.keys(KEYAUTH_MESSAGE_DEFAULTS) as KeyAuthMessageName[];

/** `GET /v1/admin/apps/{appId}/keyauth/messages`: every replaceable message's default, and the app's replacements. */
export interface KeyAuthMessages {
  defaults: Record<KeyAuthMessageName, string>;
  /** only the replaced messages */
  overrides: Partial<Record<KeyAuthMessageName, string>>;
}
