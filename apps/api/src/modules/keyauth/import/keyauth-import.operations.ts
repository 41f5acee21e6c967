import type { KeyAuthImportResult } from '@latchkey/contracts';
import { sqlAffected, sqlRows, type SqlExecutor } from '../../../common/sql.js';
import { createImportedKeys } from '../../licenses/license-import.js';
import { createImportedUsers, linkImportedLicenses } from '../../users/user-import.js';
import type { JobOperation } from '../../jobs/job-operation.js';
import type { JobRow } from '../../jobs/jobs.queries.js';
import {
  CLASSIFY_KEYS,
  CLASSIFY_USERS,
  COUNT_STAGED,
  COUNT_STAGED_BY_KIND,
  DROP_STAGED_KEYS,
  DROP_STAGED_SUBSCRIPTIONS,
  DROP_STAGED_USERS,
  IMPORT_OF_COMMIT_JOB,
  IMPORT_OF_PREVIEW_JOB,
  type KeyAuthImportRow,
  LAST_STAGED_LINE,
  SET_IMPORT_RESULT,
} from './keyauth-import.queries.js';

/** The cursor a commit ends at: it runs as one batch, so it is all or nothing. */
const COMMITTED = 'committed';

async function stagedTotal(executor: SqlExecutor, importId: string): Promise<number> {
  const [row] = await sqlRows<{ total: number }>(executor, COUNT_STAGED, [importId]);
  return row!.total;
}

async function importOf(executor: SqlExecutor, statement: string, job: JobRow): Promise<KeyAuthImportRow> {
  const [found] = await sqlRows<KeyAuthImportRow>(executor, statement, [job.id]);
  if (!found) throw new Error(`no KeyAuth import for job ${job.id}`);
  return found;
}

/**
 * The preview of an import from KeyAuth: the staged users and keys, a range
 * of file lines per batch, get the outcome a commit would give them now
 * (created, skipped and why, or a conflict with the app's own).
 */
export const keyAuthPreviewOperation: JobOperation = {
  table: 'keyauth_import_users',
  start: '0',
  count: async (executor, job) => stagedTotal(executor, (await importOf(executor, IMPORT_OF_PREVIEW_JOB, job)).id),
  async batch(executor, job, cursor, size) {
    const found = await importOf(executor, IMPORT_OF_PREVIEW_JOB, job);
    const [last] = await sqlRows<{ last_line: number }>(executor, LAST_STAGED_LINE, [found.id]);
    const from = Number(cursor);
    if (from >= last!.last_line) return { last: null, handled: 0, skipped: 0, errors: [] };
    const to = from + size;
    const users = await sqlAffected(executor, CLASSIFY_USERS, [found.id, found.app_id, from, to]);
    const keys = await sqlAffected(executor, CLASSIFY_KEYS, [found.id, found.app_id, from, to]);
    return { last: String(to), handled: users + keys, skipped: 0, errors: [] };
  },
};

/**
 * The commit of an import: one batch, so one transaction. It writes what the
 * preview showed as created, users first so that the keys they used are tied
 * to them; a username or key the app got since the preview is left alone
 * (ON CONFLICT) and counted as skipped. Then the staged rows are dropped. A
 * failure leaves the app as it was.
 */
export const keyAuthCommitOperation: JobOperation = {
  table: 'users',
  start: '0',
  count: async (executor, job) => stagedTotal(executor, (await importOf(executor, IMPORT_OF_COMMIT_JOB, job)).id),
  async batch(executor, job, cursor) {
    if (cursor === COMMITTED) return { last: null, handled: 0, skipped: 0, errors: [] };
    const found = await importOf(executor, IMPORT_OF_COMMIT_JOB, job);
    const [staged] = await sqlRows<{ users: number; keys: number }>(executor, COUNT_STAGED_BY_KIND, [found.id]);
    const { users: usersStaged, keys: keysStaged } = staged!;
    const usersCreated = await createImportedUsers(executor, found.app_id, found.id, found.levels);
    const keys = await createImportedKeys(executor, found.app_id, found.id, job.created_by);
    await linkImportedLicenses(
      executor,
      keys.flatMap((key) => (key.userId ? [{ userId: key.userId, licenseId: key.licenseId }] : [])),
    );
    const result: KeyAuthImportResult = {
      usersCreated,
      keysCreated: keys.length,
      usersSkipped: usersStaged - usersCreated,
      keysSkipped: keysStaged - keys.length,
    };
    await sqlAffected(executor, SET_IMPORT_RESULT, [found.id, JSON.stringify(result)]);
    for (const statement of [DROP_STAGED_USERS, DROP_STAGED_SUBSCRIPTIONS, DROP_STAGED_KEYS]) {
      await sqlAffected(executor, statement, [found.id]);
    }
    const handled = usersStaged + keysStaged;
    return { last: COMMITTED, handled, skipped: handled - usersCreated - keys.length, errors: [] };
  },
};
