import type { AccountRole, AppRole } from '@latchkey/contracts';
import type { ListStatement } from '../../common/sql.js';

/*
 * Every statement of the apps module, which owns `apps` (docs/data-access.md),
 * and the rows they read (snake_case, as PostgreSQL answers).
 */

/** An `apps` row as APP_COLUMNS reads it: its settings, not its secrets. */
export interface AppRow {
  /** The public appId clients send. */
  id: string;
  owner_id: string;
  name: string;
  version: string;
  update_url: string | null;
  enabled: boolean;
  hwid_lock: boolean;
  session_ttl_seconds: number;
  session_idle_seconds: number;
  rate_limit_per_minute: number;
  /** lifetime of offline tickets; 0 = none */
  offline_ticket_seconds: number;
  /** base64 of the raw Ed25519 public key */
  public_key: string;
  created_at: Date;
}

/** An app with the secrets the client endpoint checks and signs with (GET_APP_CREDENTIALS). */
export interface AppCredentialsRow extends AppRow {
  /** SHA-256 of the API key; the key is shown once and never stored. */
  api_key_hash: Buffer;
  /** PKCS#8 private key, AES-256-GCM sealed under MASTER_KEY */
  private_key_sealed: Buffer;
}

const APP_FIELDS = [
  'id',
  'owner_id',
  'name',
  'version',
  'update_url',
  'enabled',
  'hwid_lock',
  'session_ttl_seconds',
  'session_idle_seconds',
  'rate_limit_per_minute',
  'offline_ticket_seconds',
  'public_key',
  'created_at',
];
const APP_COLUMNS = APP_FIELDS.join(', ');

/** An app with the caller's role on it (null for a reseller, which has none). */
export interface AppWithRoleRow extends AppRow {
  app_role: AppRole | null;
}

const APP_COLUMNS_OF_A = APP_FIELDS.map((field) => `a.${field}`).join(', ');
const ROLE_COLUMNS = `${APP_COLUMNS_OF_A}, a.app_role`;

/**
 * The apps `a` the account `$1` reaches, with its role on each as `app_role`:
 * for an owner-role account its own apps (`owner`) and those it is a member
 * of (`app_members` is the members module's table, read here where app
 * access is decided, since members depend on apps and not the reverse); for
 * a reseller the one it sells (`resellers`, likewise). Each branch is read
 * off an index: apps_owner_idx, app_members_account_idx, and the members'
 * primary key for one app.
 */
const REACHABLE: Record<AccountRole, string> = {
  owner: `(SELECT a.*, 'owner' AS app_role FROM apps a WHERE a.owner_id = $1
           UNION ALL
           SELECT a.*, m.role AS app_role FROM app_members m JOIN apps a ON a.id = m.app_id
            WHERE m.account_id = $1) a`,
  reseller: `(SELECT a.*, NULL::text AS app_role FROM apps a
              WHERE EXISTS (SELECT 1 FROM resellers r WHERE r.app_id = a.id AND r.account_id = $1)) a`,
};

/** The apps the account `$1` of each role reaches, newest first, with its role on each. */
export const LIST_APPS: Record<AccountRole, ListStatement> = {
  owner: { select: ROLE_COLUMNS, from: REACHABLE.owner, orderBy: 'a.created_at DESC, a.id DESC' },
  reseller: { select: ROLE_COLUMNS, from: REACHABLE.reseller, orderBy: 'a.created_at DESC, a.id DESC' },
};

/**
 * The app `$2` with the role of the account `$1` on it, when it reaches it:
 * AppOwnershipGuard's read on every app-scoped request (no cache, so a
 * removed or demoted member's next request sees the change). Two primary-key
 * lookups for an owner-role account.
 */
export const REACHABLE_APP: Record<AccountRole, string> = {
  owner: `SELECT ${APP_COLUMNS_OF_A},
      CASE WHEN a.owner_id = $1 THEN 'owner' ELSE m.role END AS app_role
    FROM apps a LEFT JOIN app_members m ON m.app_id = a.id AND m.account_id = $1
    WHERE a.id = $2 AND (a.owner_id = $1 OR m.account_id IS NOT NULL)`,
  reseller: `SELECT ${APP_COLUMNS_OF_A}, NULL AS app_role FROM apps a
    WHERE a.id = $2 AND EXISTS (SELECT 1 FROM resellers r WHERE r.app_id = a.id AND r.account_id = $1)`,
};

/** The app `$1` by its primary key, with its secrets: what the client endpoint's credentials cache loads. */
export const GET_APP_CREDENTIALS = `SELECT ${APP_COLUMNS}, api_key_hash, private_key_sealed FROM apps WHERE id = $1`;

export const INSERT_APP = `INSERT INTO apps (owner_id, name, version, update_url, enabled, hwid_lock, session_ttl_seconds,
    session_idle_seconds, rate_limit_per_minute, offline_ticket_seconds, api_key_hash, public_key, private_key_sealed)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
  RETURNING ${APP_COLUMNS}`;

/** The column of each setting an owner changes (UpdateAppRequest's fields). */
const SETTING_COLUMNS = {
  name: 'name',
  version: 'version',
  updateUrl: 'update_url',
  enabled: 'enabled',
  hwidLock: 'hwid_lock',
  sessionTtlSeconds: 'session_ttl_seconds',
  sessionIdleSeconds: 'session_idle_seconds',
  rateLimitPerMinute: 'rate_limit_per_minute',
  offlineTicketSeconds: 'offline_ticket_seconds',
} as const;
export type AppSetting = keyof typeof SETTING_COLUMNS;
export const APP_SETTINGS = Object.keys(SETTING_COLUMNS) as AppSetting[];

/** Sets `settings` of the app `$1` to `$2`, `$3`, ... in their order, returning the row after. */
export function updateApp(settings: readonly AppSetting[]): string {
  const set = settings.map((setting, n) => `${SETTING_COLUMNS[setting]} = $${n + 2}`).join(', ');
  return `UPDATE apps SET ${set}, updated_at = now() WHERE id = $1 RETURNING ${APP_COLUMNS}`;
}

export const SET_API_KEY_HASH = `UPDATE apps SET api_key_hash = $2, updated_at = now() WHERE id = $1`;

/** The app `$1` deleted; its records go with it (foreign keys cascade). */
export const DELETE_APP = `DELETE FROM apps WHERE id = $1`;
