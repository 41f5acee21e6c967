import { sqlRows, type SqlExecutor } from '../../common/sql.js';
import { endSessionsWhere, LOG_OUT, STAMP_ACTIVITY, USERS_SESSIONS } from './sessions.queries.js';

/*
 * The client's and the bulk jobs' writes to sessions, made here because this module owns the
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

/**
 * Ends every session not yet ended of the users `userIds` (a bulk job's ban,
 * or its deletion of their keys), with the end reason `reason`, in the
 * caller's transaction.
 */
export async function endSessionsOfUsers(executor: SqlExecutor, userIds: string[], reason: string): Promise<void> {
  await sqlRows(executor, endSessionsWhere(USERS_SESSIONS, 2), [userIds, reason]);
}
