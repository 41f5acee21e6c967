import type { ListStatement } from '../../common/sql.js';

/*
 * Every statement of the audit module, which owns `audit_log`
 * (docs/data-access.md). Other modules record entries through AuditService,
 * in their own statements through recordAuditCte.
 */

export interface AuditRow {
  id: string;
  type: string;
  actor: string;
  /** the account behind an admin change (null for client entries) */
  actor_id: string | null;
  ip: string | null;
  details: Record<string, unknown>;
  created_at: Date;
}

/**
 * A CTE named `recorded_audit (id)` inserting the entries passed as the jsonb
 * parameter `param`, only when `guard` (a SQL condition, e.g. `EXISTS (SELECT
 * 1 FROM opened)`) holds.
 */
export function recordAuditCte(param: string, guard: string): string {
  return `recorded_audit AS (
      INSERT INTO audit_log (app_id, type, actor, actor_account_id, ip, details)
      SELECT (e->>'appId')::uuid, e->>'type', e->>'actor', (e->>'actorId')::uuid, e->>'ip',
             coalesce(e->'details', '{}'::jsonb)
        FROM jsonb_array_elements(${param}::jsonb) e
       WHERE ${guard}
      RETURNING id)`;
}

/** Records the entries of the jsonb parameter `$1` in a statement of their own. */
export const RECORD_ENTRIES = `WITH ${recordAuditCte('$1', 'true')} SELECT count(*) FROM recorded_audit`;

/** The filters of an app's list of entries; each set one adds its parameters, in this order. */
export interface EntryFilters {
  /** only the changes of one account: `$n` (served by audit_log_app_actor_created_idx) */
  byActor: boolean;
  /** only one type or those under it: `$n` and `$n+1` (the LIKE pattern) */
  byType: boolean;
  /** only the entries naming one of the text[] `$n` (audit_log_names, served by audit_log_names_idx) */
  byNames?: boolean;
}

/** The app `$1`'s entries, newest first, narrowed by `filters`. */
export function listEntries(filters: EntryFilters): ListStatement {
  const conditions = ['app_id = $1'];
  let next = 2;
  if (filters.byActor) conditions.push(`actor_account_id = $${next++}`);
  if (filters.byType) {
    conditions.push(`(type = $${next} OR type LIKE $${next + 1})`);
    next += 2;
  }
  if (filters.byNames) conditions.push(`audit_log_names(app_id, type, actor, details) && $${next}::text[]`);
  return {
    select: 'id, type, actor, actor_account_id AS actor_id, ip, details, created_at',
    from: `audit_log WHERE ${conditions.join(' AND ')}`,
    orderBy: 'created_at DESC, id DESC',
    // A name's entries come from the GIN index's bitmap, not in order: counted and sorted as a search.
    ...(filters.byNames ? { search: true as const, sortMatches: true as const } : {}),
  };
}

/**
 * The names (audit_log_names) a search of the app `$1` for `$2` looks for:
 * `$2` as a key and its license and user when the app has that key, and
 * `$3` (`$2`'s usernameKey) as a username and its user when the app has one
 * of that name. Reads licenses and users by their unique indexes.
 */
export const SEARCH_NAMES = `
  SELECT ARRAY['key:' || $1::uuid || ':' || $2, 'name:' || $1::uuid || ':' || $3]
         || ARRAY(SELECT 'license:' || l.id FROM licenses l WHERE l.app_id = $1 AND l.key = $2)
         || ARRAY(SELECT 'user:' || l.user_id FROM licenses l
                   WHERE l.app_id = $1 AND l.key = $2 AND l.user_id IS NOT NULL)
         || ARRAY(SELECT 'user:' || u.id FROM users u WHERE u.app_id = $1 AND u.username_key = $3) AS names`;

/** Deletes up to `$2` entries older than `$1` days. */
export const PRUNE_ENTRIES = `DELETE FROM audit_log WHERE id IN (
  SELECT id FROM audit_log WHERE created_at < now() - make_interval(days => $1) LIMIT $2)`;
