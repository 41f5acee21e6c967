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

/** The app `$1`'s entries, newest first; `byType`: only those of the type `$2` or under it (LIKE `$3`). */
export function listEntries(byType: boolean): ListStatement {
  return {
    select: 'id, type, actor, ip, details, created_at',
    from: `audit_log WHERE app_id = $1 ${byType ? 'AND (type = $2 OR type LIKE $3)' : ''}`,
    orderBy: 'created_at DESC, id DESC',
  };
}

/** Deletes up to `$2` entries older than `$1` days. */
export const PRUNE_ENTRIES = `DELETE FROM audit_log WHERE id IN (
  SELECT id FROM audit_log WHERE created_at < now() - make_interval(days => $1) LIMIT $2)`;
