import type { AccountRole } from '@latchkey/contracts';
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

/**
 * The apps `a` the account `$1` reaches: its own (an owner), or the one it
 * sells (a reseller; `resellers` is the resellers module's table, read here
 * where app access is decided, since resellers depend on apps and not the
 * reverse).
 */
const REACHABLE_BY: Record<AccountRole, string> = {
  owner: 'a.owner_id = $1',
  reseller: 'EXISTS (SELECT 1 FROM resellers r WHERE r.app_id = a.id AND r.account_id = $1)',
};

const reachableApps = (role: AccountRole) => `apps a WHERE ${REACHABLE_BY[role]}`;

/** The apps the account `$1` of each role reaches, newest first. */
export const LIST_APPS: Record<AccountRole, ListStatement> = {
  owner: { select: APP_COLUMNS, from: reachableApps('owner'), orderBy: 'a.created_at DESC, a.id DESC' },
  reseller: { select: APP_COLUMNS, from: reachableApps('reseller'), orderBy: 'a.created_at DESC, a.id DESC' },
};

/** The app `$2`, when the account `$1` of each role reaches it. */
export const REACHABLE_APP: Record<AccountRole, string> = {
  owner: `SELECT ${APP_COLUMNS} FROM ${reachableApps('owner')} AND a.id = $2`,
  reseller: `SELECT ${APP_COLUMNS} FROM ${reachableApps('reseller')} AND a.id = $2`,
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
