import { LicenseLimits, type DurationType, type License, type LicenseStatus } from '@latchkey/contracts';
import { keysetBatchEnd, type ListStatement } from '../../common/sql.js';

/*
 * Every statement of the licenses module (docs/data-access.md). It owns the
 * `licenses` table; the client flows change it through license-lifecycle.ts.
 */

/** A `licenses` row as LICENSE_COLUMNS reads it. */
export interface LicenseRow {
  id: string;
  app_id: string;
  key: string;
  status: LicenseStatus;
  duration_type: DurationType;
  level: number;
  max_devices: number;
  prefix: string | null;
  note: string | null;
  created_at: Date;
  activated_at: Date | null;
  expires_at: Date | null;
  user_id: string | null;
  created_by: string | null;
  ban_reason: string | null;
  ban_public_reason: string | null;
  customer_email: string | null;
  extra_days: number;
  /** the store order that produced the key (LICENSE_VIEW_COLUMNS); absent where not read */
  order_id?: string | null;
}

const LICENSE_COLUMNS = `id, app_id, key, status, duration_type, level, max_devices, prefix, note,
  created_at, activated_at, expires_at, user_id, created_by, ban_reason, ban_public_reason, customer_email, extra_days`;

/** LICENSE_COLUMNS and the key's store order, for the admin views (store_order_licenses_license_key). */
const LICENSE_VIEW_COLUMNS = `${LICENSE_COLUMNS},
  (SELECT sol.order_id FROM store_order_licenses sol WHERE sol.license_id = licenses.id) AS order_id`;

/**
 * Stores the keys `$2` (in their order) with one set of settings; a key the
 * app already has is skipped, so the caller draws again for it.
 */
export const INSERT_KEYS = `INSERT INTO licenses (app_id, key, duration_type, level, max_devices, prefix, note, created_by,
    extra_days)
  SELECT $1, k, $3, $4, $5, $6, $7, $8, $9 FROM unnest($2::text[]) WITH ORDINALITY AS t(k, n) ORDER BY n
  ON CONFLICT (app_id, key) DO NOTHING
  RETURNING ${LICENSE_COLUMNS}`;

/**
 * The app's keys `$1` a scope reaches: a reseller (`$2`) its own, filtered by
 * creator (`$3`) and status (`$4`); a null filter is no filter. Parameters:
 * scopeParameters.
 */
const IN_SCOPE = `app_id = $1 AND ($2::uuid IS NULL OR created_by = $2) AND ($3::uuid IS NULL OR created_by = $3)
  AND ($4::text IS NULL OR status = $4)`;

export function scopeParameters(
  scope: { appId: string; resellerId: string | null },
  filters: { createdBy?: string; status?: LicenseStatus },
): unknown[] {
  return [scope.appId, scope.resellerId, filters.createdBy ?? null, filters.status ?? null];
}

/** Keys in scope, newest first (licenses_app_created_idx, licenses_app_status_idx). */
export const LIST_LICENSES: ListStatement = {
  select: LICENSE_VIEW_COLUMNS,
  from: `licenses WHERE ${IN_SCOPE}`,
  orderBy: 'created_at DESC, id DESC',
};

/**
 * Keys in scope whose key or note holds `$5`, a LIKE pattern `%fragment%`
 * (escaped with `\`): the trigram indexes licenses_key_trgm_idx and
 * licenses_note_trgm_idx find them.
 */
export const SEARCH_LICENSES: ListStatement = {
  ...LIST_LICENSES,
  from: `licenses WHERE ${IN_SCOPE} AND (key ILIKE $5 ESCAPE '\\' OR note ILIKE $5 ESCAPE '\\')`,
  search: true,
};

/** A timestamp as text exactly as the API's JSON writes it (`Date#toISOString`: UTC, milliseconds truncated). */
const isoText = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The export's columns in order: each CSV field and the SQL that writes it as text, as the license's JSON has it. */
export const LICENSE_CSV_COLUMNS = [
  ['id', 'id'],
  ['key', 'key'],
  ['appId', 'app_id'],
  ['status', 'status'],
  ['durationType', 'duration_type'],
  ['level', 'level'],
  ['maxDevices', 'max_devices'],
  ['prefix', 'prefix'],
  ['note', 'note'],
  ['createdAt', isoText('created_at')],
  ['activatedAt', isoText('activated_at')],
  ['expiresAt', isoText('expires_at')],
  ['userId', 'user_id'],
  ['createdBy', 'created_by'],
  ['banReason', 'ban_reason'],
] as const satisfies ReadonlyArray<readonly [keyof License, string]>;

/**
 * Keys in scope, oldest first, as LICENSE_CSV_COLUMNS, for the streamed CSV
 * export. `licenses_app_created_idx` read backwards gives this order, so rows
 * flow from the first one on with no sort of the whole app.
 */
export const EXPORT_LICENSES = `SELECT ${LICENSE_CSV_COLUMNS.map(([, sql]) => sql).join(', ')}
  FROM licenses WHERE ${IN_SCOPE} ORDER BY created_at ASC, id ASC`;

/** The key `$1` of the app `$2`, made by `$3` when it is not null. */
export const FIND_LICENSE = `SELECT ${LICENSE_VIEW_COLUMNS} FROM licenses
  WHERE id = $1 AND app_id = $2 AND ($3::uuid IS NULL OR created_by = $3)`;

/** Sets the note to `$3` when `$2`, the level and device limit when given, the customer's email to `$7` when `$6`. */
export const UPDATE_LICENSE = `UPDATE licenses
  SET note = CASE WHEN $2 THEN $3 ELSE note END, level = COALESCE($4, level), max_devices = COALESCE($5, max_devices),
      customer_email = CASE WHEN $6 THEN $7 ELSE customer_email END
  WHERE id = $1`;

export const BAN_LICENSE = `UPDATE licenses SET status = 'BANNED', ban_reason = $2, ban_public_reason = $3
  WHERE id = $1 RETURNING user_id`;

export const UNBAN_LICENSE = `UPDATE licenses SET status = $2, ban_reason = NULL, ban_public_reason = NULL WHERE id = $1`;

/** Deletes the key; when `$2` (a reseller) only while it is still unused. */
export const DELETE_LICENSE = `DELETE FROM licenses WHERE id = $1 AND (NOT $2 OR status = 'UNUSED') RETURNING user_id`;

export const LICENSE_EXISTS = `SELECT 1 FROM licenses WHERE id = $1`;

/*
 * A store order's keys (license-orders.ts). Each names the keys `$1` by id.
 */

/** A store order's keys `$1` take the buyer's email `$2` (trimmed, lower case), for the customer page. */
export const SET_CUSTOMER_EMAIL = `UPDATE licenses SET customer_email = $2 WHERE id = ANY($1::uuid[])`;

/** Bans the keys not banned yet with the reason `$2`; answers them and their users. */
export const BAN_ORDER_KEYS = `UPDATE licenses SET status = 'BANNED', ban_reason = $2
  WHERE id = ANY($1::uuid[]) AND status <> 'BANNED' RETURNING id, key, user_id`;

/**
 * A renewal: activated keys run at least to `$2` (an expired one is in use
 * again); unused keys start their term at first use, as every key does.
 */
export const EXTEND_ORDER_KEYS = `UPDATE licenses
  SET expires_at = GREATEST(expires_at, $2), status = CASE WHEN status = 'EXPIRED' THEN 'USED' ELSE status END
  WHERE id = ANY($1::uuid[]) AND status IN ('USED', 'EXPIRED') AND expires_at IS NOT NULL RETURNING id`;

/**
 * A cancellation: activated keys end at `$2`; when the paid period is over
 * (`$3`), unused keys expire too (none can be redeemed after it).
 */
export const END_ORDER_KEYS = `UPDATE licenses
  SET expires_at = $2, status = CASE WHEN status = 'UNUSED' THEN 'EXPIRED' ELSE status END
  WHERE id = ANY($1::uuid[]) AND (status IN ('USED', 'EXPIRED') OR (status = 'UNUSED' AND $3))
  RETURNING id`;

/** A license row as the client flows lock and redeem it. */
export interface LockedLicense {
  id: string;
  key: string;
  status: LicenseStatus;
  duration_type: DurationType;
  level: number;
  max_devices: number;
  user_id: string | null;
  extra_days: number;
}

const LOCKED_COLUMNS = 'id, key, status, duration_type, level, max_devices, user_id, extra_days';

export const LOCK_LICENSE_BY_KEY = `SELECT ${LOCKED_COLUMNS} FROM licenses WHERE app_id = $1 AND key = $2 FOR UPDATE`;

export const ACTIVATE_LICENSE = `UPDATE licenses SET status = 'USED', activated_at = $2, expires_at = $3, user_id = $4
  WHERE id = $1`;

export const EXPIRE_USER_LICENSES = `UPDATE licenses SET status = 'EXPIRED' WHERE user_id = $1 AND status = 'USED'
  RETURNING id, key`;

/*
 * Bulk jobs (jobs module, issue 25) go through the app's keys in keyset
 * batches of id: a batch is the range (cursor, last], where `last` is the id
 * that ends the next `size` matching keys. Each statement names the app; the
 * indexes (app_id, status, id) and (app_id, id) serve the ranges.
 * Parameters: $1 app id, $2 status, $3 note LIKE pattern (escaped with `\`),
 * $4 creator (a null filter is no filter), then $5 cursor and $6 `last` or
 * the batch size.
 */
const BULK_KEYS = `app_id = $1 AND ($2::text IS NULL OR status = $2)
  AND ($3::text IS NULL OR note ILIKE $3 ESCAPE '\\') AND ($4::uuid IS NULL OR created_by = $4)`;

/** Which keys each key job changes. `add-time` reaches unused keys with an end (lifetime has none to move). */
export const BULK_KEY_SCOPES = {
  delete: BULK_KEYS,
  addTime: `${BULK_KEYS} AND status = 'UNUSED' AND duration_type <> 'lifetime'`,
} as const;

/**
 * How many keys `scope` reaches; `bounded`: at most `$5` of them (a job's dry
 * run), so the read stops there however many match.
 */
export function countBulkKeys(scope: string, { bounded = false } = {}): string {
  if (!bounded) return `SELECT count(*)::int AS total FROM licenses WHERE ${scope}`;
  return `SELECT count(*)::int AS total FROM (SELECT 1 FROM licenses WHERE ${scope} LIMIT $5) matching`;
}

/** The id that ends the next batch of `$6` keys after `$5`; no row when none is left. */
export function bulkKeysBatchEnd(scope: string): string {
  return keysetBatchEnd('licenses', scope, { cursor: 5, size: 6 });
}

export const DELETE_BULK_KEYS = `DELETE FROM licenses WHERE ${BULK_KEY_SCOPES.delete} AND id > $5 AND id <= $6
  RETURNING user_id`;

/** Adds `$7` days to each key's extra days, up to LicenseLimits.extraDaysMax. */
export const ADD_TIME_TO_BULK_KEYS = `UPDATE licenses SET extra_days = LEAST(extra_days + $7, ${LicenseLimits.extraDaysMax})
  WHERE ${BULK_KEY_SCOPES.addTime} AND id > $5 AND id <= $6`;

/**
 * Stores imported keys ($3 keys, $4 durations, $5 levels, $6 notes, by
 * position) for the app `$1`, made by `$2`; a key the app has (or an earlier
 * element had) is skipped by the unique index's one conflict check per key.
 * Answers how many were stored.
 */
export const IMPORT_KEYS = `WITH stored AS (
    INSERT INTO licenses (app_id, key, duration_type, level, note, created_by)
    SELECT $1, k, d, lv, n, $2 FROM unnest($3::text[], $4::text[], $5::int[], $6::text[]) AS t(k, d, lv, n)
    ON CONFLICT (app_id, key) DO NOTHING
    RETURNING 1
  )
  SELECT count(*)::int AS stored FROM stored`;
