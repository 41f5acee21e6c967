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
      INSERT INTO audit_log (app_id, type, actor, ip, details)
      SELECT (e->>'appId')::uuid, e->>'type', e->>'actor', e->>'ip', coalesce(e->'details', '{}'::jsonb)
        FROM jsonb_array_elements(${param}::jsonb) e
       WHERE ${guard}
      RETURNING id)`;
}

/** Records the entries of the jsonb parameter `$1` in a statement of their own. */
export const RECORD_ENTRIES = `WITH ${recordAuditCte('$1', 'true')} SELECT count(*) FROM recorded_audit`;

/**
 * The types `$2` and those under it (`$3`, LIKE `$2.%` escaped) lie in one
 * range of `audit_log_app_type_idx` (type in the "C" collation): from `$2` up
 * to `$2` followed by '/', the character after '.'. The range also holds a
 * type such as `$2-x`, which the exact condition leaves out.
 */
const OF_TYPE = `(type COLLATE "C") >= $2 AND (type COLLATE "C") < $2 || '/' AND (type = $2 OR type LIKE $3)`;

/**
 * The app `$1`'s entries, newest first; `byType`: only those of the type `$2`
 * or under it (OF_TYPE), counted down that type range of the index.
 */
export function listEntries(byType: boolean): ListStatement {
  const list = {
    select: 'id, type, actor, ip, details, created_at',
    from: `audit_log WHERE app_id = $1 ${byType ? `AND ${OF_TYPE}` : ''}`,
    orderBy: 'created_at DESC, id DESC',
  };
  return byType ? { ...list, countOrderBy: 'type COLLATE "C"' } : list;
}

/** Deletes up to `$2` entries older than `$1` days. */
export const PRUNE_ENTRIES = `DELETE FROM audit_log WHERE id IN (
  SELECT id FROM audit_log WHERE created_at < now() - make_interval(days => $1) LIMIT $2)`;
