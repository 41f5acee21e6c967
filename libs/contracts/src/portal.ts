// The customer portal (issue 43): the page an app's owner gives their
// customers, where they sign in with what they hold (a key, a username and
// password, a code sent to their email), see their keys, devices and
// sessions, reset their HWID under the owner's policy and download files.
// docs/customer-portal.md explains the policy and the security model.

/** Where the portal lives: the dashboard's page `/portal/{publicId}` and the API's `/v1/portal/{publicId}`. */
export const PORTAL_PATH = '/portal';
export const PORTAL_API_PATH = '/v1/portal';

/** Prefix of a customer's portal token (`Authorization: Bearer lku_...`); never an owner's or member's token. */
export const PORTAL_TOKEN_PREFIX = 'lku_';

export const PORTAL_SIGN_IN_METHODS = ['key', 'password', 'email'] as const;
export type PortalSignInMethod = (typeof PORTAL_SIGN_IN_METHODS)[number];

export const HWID_RESET_MODES = ['off', 'limited'] as const;
export type HwidResetMode = (typeof HWID_RESET_MODES)[number];

export const PortalLimits = {
  /** a portal offers at least one way in; turning it off is `enabled: false` */
  signInMethodsMin: 1,
  displayNameMin: 1,
  displayNameMax: 64,
  supportUrlMax: 2048,
  /** `#rrggbb` */
  accentColorPattern: /^#[0-9a-fA-F]{6}$/,
  accentColorDefault: '#4f46e5',
  /** at most this many level names (`{ "1": "Basic" }`), each up to levelNameMax characters */
  levelNamesMax: 50,
  levelNameMax: 32,
  resetsPerPeriodMin: 1,
  resetsPerPeriodMax: 100,
  periodDaysMin: 1,
  periodDaysMax: 3650,
  cooldownHoursMin: 0,
  cooldownHoursMax: 8760,
  /** the defaults of a new portal's HWID reset policy (off) */
  resetsPerPeriodDefault: 1,
  periodDaysDefault: 30,
  cooldownHoursDefault: 24,
  /** a publicReason given with a ban, shown to the customer */
  publicReasonMax: 500,
  /** the customer's email set on a key */
  customerEmailMax: 254,
  keyMin: 1,
  keyMax: 64,
  usernameMin: 1,
  usernameMax: 32,
  passwordMin: 1,
  passwordMax: 128,
  /** one-time codes: digits, lifetime, attempts */
  codeLength: 8,
  codeTtlSeconds: 600,
  codeAttempts: 5,
  /** a portal session's lifetime */
  sessionTtlSeconds: 2 * 3600,
  /** devices and sessions listed per user */
  devicesMax: 20,
  /** characters of an HWID shown: the first and last few */
  hwidShown: 6,
} as const;

export const PortalMessage = {
  /** every refused sign-in, whatever was wrong: an unknown key, a wrong password, a wrong or used code */
  signInFailed: 'Sign-in failed: check what you entered',
  /** the answer to a code request, whether or not the email has keys */
  codeSent: 'If this email has keys for this app, a code is on its way',
  resetOff: 'HWID reset is not offered for this app',
  resetNotYet: 'No HWID reset is possible yet',
  noUser: 'This key has not been used yet',
  emailUnavailable: 'Sign-in by email is not offered for this app',
  methodOff: 'This sign-in method is not offered for this app',
  /** saving `signInMethods: ["email"]` on a server that cannot send email: no one could sign in */
  emailOnlyWithoutMail:
    'signInMethods must include key or password: this server cannot send email (SMTP_URL is not set)',
} as const;

/** The owner's settings of an app's portal (`GET`/`PUT .../apps/{appId}/portal`). */
export interface PortalSettings {
  enabled: boolean;
  /** the stable, unguessable id in the portal's URL */
  publicId: string;
  /** shown instead of the app's name when set */
  displayName: string | null;
  accentColor: string;
  supportUrl: string | null;
  /** names of levels, as `{ "1": "Basic", "2": "Pro" }` */
  levelNames: Record<string, string>;
  signInMethods: PortalSignInMethod[];
  hwidReset: HwidResetPolicy;
  /** whether the server can send email (SMTP_URL), which the email method needs */
  emailAvailable: boolean;
  updatedAt: string | null;
}

export interface HwidResetPolicy {
  mode: HwidResetMode;
  /** resets allowed per period */
  perPeriod: number;
  periodDays: number;
  /** the least time between two resets */
  cooldownHours: number;
  /** whether a reset also ends the user's live sessions */
  endSessions: boolean;
}

/** What the portal's page shows before sign-in (`GET /v1/portal/{publicId}`). */
export interface PortalBranding {
  name: string;
  accentColor: string;
  supportUrl: string | null;
  signInMethods: PortalSignInMethod[];
}

export interface PortalSignInResult {
  token: string;
  expiresAt: string;
}

export interface PortalLicense {
  licenseId: string;
  key: string;
  status: 'UNUSED' | 'USED' | 'BANNED' | 'EXPIRED';
  level: number;
  levelName: string | null;
  /** null: lifetime, or not activated yet (then `durationType` says how long it will run) */
  expiresAt: string | null;
  durationType: string;
  banned: boolean;
  /** the owner's public reason, never the internal one */
  banReason: string | null;
  /** the store product to renew at, when the key came from a store order; null otherwise */
  renewalUrl: string | null;
}

export interface PortalDevice {
  /** shortened: the first and last characters */
  hwid: string;
  firstSeenAt: string | null;
  lastSeenAt: string | null;
  lastIp: string | null;
  /** the HWID the account is locked to */
  bound: boolean;
}

export interface PortalSession {
  id: string;
  ip: string | null;
  hwid: string | null;
  createdAt: string;
  lastSeenAt: string;
}

export interface PortalHwidResetState {
  mode: HwidResetMode;
  /** resets used in the current period */
  used: number;
  perPeriod: number;
  periodDays: number;
  cooldownHours: number;
  endSessions: boolean;
  /** when a reset is possible: now or earlier means now; null when resets are off */
  nextAt: string | null;
}

export interface PortalUser {
  userId: string;
  username: string;
  /** a key's own user, named after the key (no password) */
  keyUser: boolean;
  level: number;
  levelName: string | null;
  expiresAt: string | null;
  banned: boolean;
  banReason: string | null;
  hwidBound: boolean;
  devices: PortalDevice[];
  sessions: PortalSession[];
  hwidReset: PortalHwidResetState;
}

export interface PortalFile {
  fileId: string;
  name: string;
  size: number;
  minLevel: number;
  updatedAt: string;
}

/** `GET /v1/portal/{publicId}/me`: everything the signed-in customer may see. */
export interface PortalOverview {
  app: PortalBranding;
  signedInWith: PortalSignInMethod;
  licenses: PortalLicense[];
  users: PortalUser[];
  /** files offered in the portal that the customer's highest level allows */
  files: PortalFile[];
}

export interface PortalDownload {
  url: string;
  expiresAt: string;
}

/** An HWID as the portal shows it: long ones keep their first and last characters. */
export function shortHwid(hwid: string): string {
  const n = PortalLimits.hwidShown;
  return hwid.length <= 2 * n + 1 ? hwid : `${hwid.slice(0, n)}…${hwid.slice(-n)}`;
}

/** An email as it is stored and compared: trimmed and lower case. */
export function customerEmailKey(email: string): string {
  return email.trim().toLowerCase();
}
