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

/**
 * The app `$1`'s entries, newest first; `byActor`: only the changes of the
 * account `$2` (served by audit_log_app_actor_created_idx); `byType`: only
 * those of the type `$n` or under it (LIKE `$n+1`), n = 2 or 3.
 */
export function listEntries({ byActor, byType }: { byActor: boolean; byType: boolean }): ListStatement {
  const typeParam = byActor ? 3 : 2;
  return {
    select: 'id, type, actor, actor_account_id AS actor_id, ip, details, created_at',
    from: `audit_log WHERE app_id = $1
      ${byActor ? 'AND actor_account_id = $2' : ''}
      ${byType ? `AND (type = $${typeParam} OR type LIKE $${typeParam + 1})` : ''}`,
    orderBy: 'created_at DESC, id DESC',
  };
}

/** Deletes up to `$2` entries older than `$1` days. */
export const PRUNE_ENTRIES = `DELETE FROM audit_log WHERE id IN (
  SELECT id FROM audit_log WHERE created_at < now() - make_interval(days => $1) LIMIT $2)`;
