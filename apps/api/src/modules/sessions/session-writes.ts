import { sqlRows, type SqlExecutor } from '../../common/sql.js';
import { LOG_OUT, STAMP_ACTIVITY } from './sessions.queries.js';

/*
 * The client's writes to sessions, made here because this module owns the
 * table (docs/data-access.md).
 */

/** Ends the live session of `tokenHash` in the app; false when there is none. */
export async function logOut(
  executor: SqlExecutor,
  session: { tokenHash: Buffer; appId: string; idleSeconds: number },
): Promise<boolean> {
  const rows = await sqlRows(executor, LOG_OUT, [session.tokenHash, session.appId, session.idleSeconds]);
  return rows.length > 0;
}

/** Records activity on the session `sessionId` (its idle timeout counts from now). */
export async function stampActivity(executor: SqlExecutor, sessionId: string): Promise<void> {
  await sqlRows(executor, STAMP_ACTIVITY, [sessionId]);
}
