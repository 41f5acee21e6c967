import { LATEST_EXPIRY, usernameKey } from '@latchkey/contracts';
import { escapeLike, sqlRows, type SqlExecutor } from '../../common/sql.js';
import { endSessionsOfUsers } from '../sessions/session-writes.js';
import { BULK_USER_CHANGES, bulkUsersBatchEnd, changeBulkUsers, countBulkUsers } from './users.queries.js';

/*
 * The bulk writes of the jobs module to the `users` table, which this module
 * owns (docs/data-access.md). A batch runs in the caller's transaction, the
 * one that also records the job's progress.
 */

export type BulkUserChange =
  { kind: 'extend'; days: number } | { kind: 'resetHwid' } | { kind: 'ban'; reason: string | null } | { kind: 'unban' };

/** A batch done: `last`, the id it ended at (the job's next cursor), or null when no user was left. */
export interface UserBatch {
  last: string | null;
  changed: number;
}

/**
 * The users' part of a search (any case, as the users list reads it), as a
 * LIKE pattern; `undefined` for text no username could contain.
 */
function searchPattern(search: string | null): string | null | undefined {
  if (search === null) return null;
  const key = usernameKey(search);
  return key === null ? undefined : `%${escapeLike(key)}%`;
}

function changeParameters(change: BulkUserChange): unknown[] {
  if (change.kind === 'extend') return [change.days, LATEST_EXPIRY];
  if (change.kind === 'ban') return [change.reason];
  return [];
}

/**
 * How many users of the app the change would reach now (`search`: part of the
 * username), with the batches' own condition; `upTo`: stop counting there (a
 * dry run's bound).
 */
export async function countBulkUserChange(
  executor: SqlExecutor,
  change: BulkUserChange,
  appId: string,
  search: string | null,
  upTo?: number,
): Promise<number> {
  const pattern = searchPattern(search);
  if (pattern === undefined) return 0;
  const bounded = upTo !== undefined;
  const rows = await sqlRows<{ total: number }>(
    executor,
    countBulkUsers(BULK_USER_CHANGES[change.kind].scope, { bounded }),
    bounded ? [appId, pattern, upTo] : [appId, pattern],
  );
  return rows[0]!.total;
}

/** Applies the change to the next `size` matching users after `cursor`; a ban ends their sessions. */
export async function changeUserBatch(
  executor: SqlExecutor,
  change: BulkUserChange,
  batch: { appId: string; search: string | null; cursor: string; size: number },
): Promise<UserBatch> {
  const pattern = searchPattern(batch.search);
  if (pattern === undefined) return { last: null, changed: 0 };
  const statements = BULK_USER_CHANGES[change.kind];
  const [end] = await sqlRows<{ id: string }>(executor, bulkUsersBatchEnd(statements.scope), [
    batch.appId,
    pattern,
    batch.cursor,
    batch.size,
  ]);
  if (!end) return { last: null, changed: 0 };
  const rows = await sqlRows<{ id: string }>(executor, changeBulkUsers(statements), [
    batch.appId,
    pattern,
    batch.cursor,
    end.id,
    ...changeParameters(change),
  ]);
  if (change.kind === 'ban' && rows.length > 0) {
    await endSessionsOfUsers(
      executor,
      rows.map((row) => row.id),
      'user_banned',
    );
  }
  return { last: end.id, changed: rows.length };
}
