// The admin API `/v1/admin` (spec/contract.md section 2): shapes shared by the
// API, the dashboard and the SDK.
import type { BlacklistType } from './admin-limits.js';
import type { DurationType, LicenseStatus } from './licensing.js';
import type { AppRole, MemberRole } from './teams.js';

export interface AdminSuccess<T> {
  success: true;
  data: T;
}
export interface PageMeta {
  page: number;
  limit: number;
  /** exact up to EXACT_TOTAL_MAX (SEARCH_EXACT_TOTAL_MAX for substring searches); past it the planner's estimate, and then `totalIsEstimate` is true */
  total: number;
  /** present (true) only when `total` is an estimate */
  totalIsEstimate?: true;
}
/**
 * Lists count their total exactly up to this many items; past it `total` is an estimate (docs/decisions/scale-and-planner-statistics.md),
 * and a page shorter than its limit makes it exact again (it ends the list). As many as a small app has, so a
 * count reads as much in an app of a million rows as in one of ten thousand.
 */
export const EXACT_TOTAL_MAX = 1_000;
/** The same for a substring search, whose every match is checked against its row. */
export const SEARCH_EXACT_TOTAL_MAX = 1_000;
/** Stats count each of their six figures exactly up to this many; past it the figure is an estimate. */
export const STATS_EXACT_MAX = 1_000;
export interface AdminList<T> {
  success: true;
  data: T[];
  meta: PageMeta;
}
/** The query of every admin list: a 1-based `page` of `limit` items (at most PAGE_MAX_LIMIT). */
// ListQuery (page and limit of every admin list) is a validated class: shapes/paging.ts.

export type AccountRole = 'owner' | 'reseller';

export interface Account {
  id: string;
  email: string;
  role: AccountRole;
}

// SignupRequest and AdminLoginRequest are request shapes: shapes/accounts.ts.
export interface SignupResult {
  account: Account;
  accessToken: string;
}
export interface AdminLoginResult {
  accessToken: string;
  tokenType: 'Bearer';
  /** seconds */
  expiresIn: number;
  account: Account;
}

export interface ResellerAppCredit {
  appId: string;
  name: string;
  credits: number;
  /** what this reseller may generate (null: any), so its console offers only those */
  allowedLevels: number[] | null;
  allowedDurations: DurationType[] | null;
  /** the most devices a key it generates may allow (null: any) */
  maxDevicesLimit: number | null;
}
export interface MeResult {
  account: Account;
  apps?: ResellerAppCredit[];
}

export interface PersonalAccessToken {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** null: lives until revoked */
  expiresAt: string | null;
  /** the token acts with at most this role on every app (null: its holder's role) */
  maxRole: MemberRole | null;
}
export interface CreatedPersonalAccessToken extends PersonalAccessToken {
  /** Shown only in the creation response. */
  token: string;
}
// CreatePersonalAccessTokenRequest and ChangePasswordRequest are request shapes: shapes/accounts.ts.

/** What a password change ended besides the password: the other tokens, and pending invitations the account created. */
export interface ChangePasswordResult {
  revokedTokens: number;
  revokedInvitations: number;
}

/** One live login token of the account (GET /v1/admin/auth/sessions); revoke with DELETE /v1/admin/tokens/{id}. */
export interface AccountLoginSession {
  id: string;
  createdAt: string;
  expiresAt: string;
  ip: string | null;
  userAgent: string | null;
  /** the token this request was made with */
  current: boolean;
}

export interface App {
  appId: string;
  name: string;
  version: string;
  updateUrl: string | null;
  enabled: boolean;
  hwidLock: boolean;
  sessionTtlSeconds: number;
  sessionIdleSeconds: number;
  rateLimitPerMinute: number;
  /** lifetime of offline tickets; 0 = none are handed out */
  offlineTicketSeconds: number;
  /** base64 of the raw 32-byte Ed25519 public key */
  publicKey: string;
  /** first 16 hex characters of SHA-256 of the raw public key: the `kid` of offline tickets */
  keyId: string;
  createdAt: string;
}

/**
 * `GET /v1/admin/apps` items and `GET /v1/admin/apps/{appId}`: the app with
 * the caller's role on it (absent for a reseller, which has no app role).
 */
export interface AppWithRole extends App {
  role?: AppRole;
}

export interface CreatedApp extends App {
  /** Shown only at creation and rotation. */
  apiKey: string;
}
/** POST /v1/admin/apps/{appId}/api-key/rotate: the new key, shown only here; the old one stops working. */
export interface RotatedApiKey {
  apiKey: string;
}
// CreateAppRequest and UpdateAppRequest are request shapes: shapes/apps.ts.

export const AppDefaults = {
  version: '1.0.0',
  sessionTtlSeconds: 86400,
  sessionIdleSeconds: 1800,
  rateLimitPerMinute: 60,
  offlineTicketSeconds: 0,
} as const;

export const AdminMessage = {
  invalidLogin: 'Invalid email or password',
  wrongCurrentPassword: 'Current password is incorrect',
  unauthorized: 'Missing or invalid access token',
  forbidden: 'Not allowed for this account',
  /** A reseller's token on a route the contract does not open to resellers. */
  notForReseller: 'Not allowed for a reseller',
  notFound: 'Not found',
  emailTaken: 'Email already registered',
  signupDisabled: 'Sign-up is disabled',
  insufficientCredits: 'Insufficient credits',
  negativeBalance: 'Credit balance cannot go below zero',
  /** A level or duration outside the reseller's allowed lists. */
  notAllowedForThisReseller: 'Not allowed for this reseller',
  /** A reseller deleting one of its keys that is USED, BANNED or EXPIRED. */
  onlyUnusedKeys: 'Only unused keys can be deleted',
  balanceTooHigh: 'Credit balance cannot exceed 1000000000',
  /** A member of the app whose role is below what the route needs (CAPABILITIES). */
  roleNotAllowed: 'Not allowed for your role',
  /** A change to how the account signs in, with a login token older than RECENT_SIGN_IN_SECONDS. */
  recentSignInRequired: 'Sign in again to continue',
  /** A change to how the account signs in, with a personal access token. */
  personalTokenNotAllowed: 'Not allowed with a personal access token',
  invitationGone: 'Invitation expired or already used',
  alreadyMember: 'Already a member of this app',
  tooManyRequests: 'Too many requests',
  validation: 'Validation failed',
} as const;

// Owner operations: users, sessions, blacklist, audit log and stats of an app.

/** An end user as the owner sees it. */
export interface AdminUser {
  userId: string;
  username: string;
  level: number;
  hwid: string | null;
  /** null = lifetime */
  expiresAt: string | null;
  banned: boolean;
  banReason: string | null;
  /** the ban's reason as the customer portal shows it; null: none shown */
  banPublicReason: string | null;
  /** HWID resets the customer made in the portal, in all */
  hwidSelfResets: number;
  maxDevices: number;
  licenseId: string | null;
  /** the key of licenseId: what a customer quotes to support */
  licenseKey: string | null;
  createdAt: string;
  lastLoginAt: string | null;
  lastIp: string | null;
}
// ListUsersQuery, CreateUserRequest, BanUserRequest and ExtendUserRequest are validated classes: shapes/users.ts.

/** `DELETE .../users/{userId}/sessions`: how many live sessions ended. */
export interface EndedSessions {
  ended: number;
}

// ListSessionsQuery (`GET .../sessions`) is a request shape: shapes/sessions.ts.

/** A live session of an end user. */
export interface AdminSession {
  id: string;
  userId: string;
  username: string;
  ip: string | null;
  hwid: string | null;
  createdAt: string;
  lastSeenAt: string;
  /** When the session ends without further activity: its absolute end or the idle timeout, whichever is first. */
  expiresAt: string;
}

export interface BlacklistEntry {
  id: string;
  type: BlacklistType;
  /**
   * Stored canonical: an IP entry is a single address or a CIDR range
   * (normalized), a username its ASCII lower case (usernameKey).
   */
  value: string;
  reason: string | null;
  createdAt: string;
}
/** `POST .../blacklist`: the entry, and how many live sessions it ended (those it would have refused). */
export interface CreatedBlacklistEntry extends BlacklistEntry {
  sessionsEnded: number;
}
// ListBlacklistQuery and CreateBlacklistEntryRequest are request shapes: shapes/blacklist.ts.

/**
 * One audit log line. `type` is `admin.<resource>.<verb>` for owner changes
 * (actor = the account's email) or `client.<type>` for client calls (actor =
 * the username, or the license key for `license`), with `details.outcome`
 * `success` or `failure` and, on failure, `details.reason` (the contract's message).
 */
export interface AuditEntry {
  id: string;
  type: string;
  actor: string;
  /** the account that made an admin change (null for client entries and older ones) */
  actorId: string | null;
  ip: string | null;
  details: Record<string, unknown>;
  createdAt: string;
}

// ListAuditQuery (`GET .../logs`) is a request shape: shapes/logs.ts.

/** A count for one UTC day (`YYYY-MM-DD`). */
export interface DailyCount {
  date: string;
  count: number;
}
export interface AppStats {
  users: number;
  activeSessions: number;
  /** Licenses per status, every status present. */
  licenses: { UNUSED: number; USED: number; BANNED: number; EXPIRED: number; total: number };
  /** Last 30 UTC days, oldest first, today last. */
  activations: DailyCount[];
  logins: DailyCount[];
  /**
   * The figures that are estimates (counts past STATS_EXACT_MAX), by path:
   * `users`, `activeSessions`, `licenses.<STATUS>`, `licenses.total`. Absent when every figure is exact.
   */
  estimated?: StatsFigure[];
}
export type StatsFigure = 'users' | 'activeSessions' | `licenses.${LicenseStatus | 'total'}`;
