import type { DurationType, LicenseStatus } from '@latchkey/contracts';
import { escapeLike, sqlAffected, sqlRows, type SqlExecutor } from '../../common/sql.js';
import { endSessionsOfUsers } from '../sessions/session-writes.js';
import {
  ADD_TIME_TO_BULK_KEYS,
  BULK_KEY_SCOPES,
  bulkKeysBatchEnd,
  countBulkKeys,
  DELETE_BULK_KEYS,
  IMPORT_KEYS,
} from './licenses.queries.js';

/*
 * The bulk writes of the jobs module to the `licenses` table, which this
 * module owns (docs/data-access.md). A batch runs in the caller's
 * transaction, the one that also records the job's progress.
 */

/** The keys a key job reaches in the app; a null field does not narrow. */
export interface BulkKeyFilter {
  status: LicenseStatus | null;
  /** part of the note, any case */
  note: string | null;
  createdBy: string | null;
}

export type BulkKeyChange = keyof typeof BULK_KEY_SCOPES;

/** A batch done: `last`, the id it ended at (the job's next cursor), or null when no key was left. */
export interface KeyBatch {
  last: string | null;
  changed: number;
}

function filterParameters(appId: string, filter: BulkKeyFilter): unknown[] {
  const note = filter.note === null ? null : `%${escapeLike(filter.note)}%`;
  return [appId, filter.status, note, filter.createdBy];
}

/**
 * How many keys of the app the change would reach now, with the batches' own
 * condition; `upTo`: stop counting there (a dry run's bound).
 */
export async function countBulkKeyChange(
  executor: SqlExecutor,
  change: BulkKeyChange,
  appId: string,
  filter: BulkKeyFilter,
  upTo?: number,
): Promise<number> {
  const bounded = upTo !== undefined;
  const params = filterParameters(appId, filter);
  const rows = await sqlRows<{ total: number }>(
    executor,
    countBulkKeys(BULK_KEY_SCOPES[change], { bounded }),
    bounded ? [...params, upTo] : params,
  );
  return rows[0]!.total;
}

/**
 * Deletes the next `size` matching keys after `cursor`; the users who held
 * them stay, without the key, and their sessions end (as a single deletion).
 */
export async function deleteKeyBatch(
  executor: SqlExecutor,
  batch: { appId: string; filter: BulkKeyFilter; cursor: string; size: number },
): Promise<KeyBatch> {
  const params = filterParameters(batch.appId, batch.filter);
  const last = await batchEnd(executor, 'delete', params, batch);
  if (last === null) return { last, changed: 0 };
  const rows = await sqlRows<{ user_id: string | null }>(executor, DELETE_BULK_KEYS, [...params, batch.cursor, last]);
  const userIds = rows.flatMap((row) => (row.user_id ? [row.user_id] : []));
  if (userIds.length > 0) await endSessionsOfUsers(executor, userIds, 'license_deleted');
  return { last, changed: rows.length };
}

/** Adds `days` to the extra days of the next `size` matching unused keys after `cursor`. */
export async function addTimeToKeyBatch(
  executor: SqlExecutor,
  batch: { appId: string; filter: BulkKeyFilter; cursor: string; size: number; days: number },
): Promise<KeyBatch> {
  const params = filterParameters(batch.appId, batch.filter);
  const last = await batchEnd(executor, 'addTime', params, batch);
  if (last === null) return { last, changed: 0 };
  const changed = await sqlAffected(executor, ADD_TIME_TO_BULK_KEYS, [...params, batch.cursor, last, batch.days]);
  return { last, changed };
}

async function batchEnd(
  executor: SqlExecutor,
  change: BulkKeyChange,
  params: unknown[],
  batch: { cursor: string; size: number },
): Promise<string | null> {
  const rows = await sqlRows<{ id: string }>(executor, bulkKeysBatchEnd(BULK_KEY_SCOPES[change]), [
    ...params,
    batch.cursor,
    batch.size,
  ]);
  return rows[0]?.id ?? null;
}

/** A key of an import, checked. */
export interface ImportedKey {
  key: string;
  durationType: DurationType;
  level: number;
  note: string | null;
}

/** Stores the keys the app does not have yet (made by `createdBy`); answers how many were stored. */
export async function importKeys(
  executor: SqlExecutor,
  appId: string,
  createdBy: string | null,
  keys: ImportedKey[],
): Promise<number> {
  if (keys.length === 0) return 0;
  const [row] = await sqlRows<{ stored: number }>(executor, IMPORT_KEYS, [
    appId,
    createdBy,
    keys.map((k) => k.key),
    keys.map((k) => k.durationType),
    keys.map((k) => k.level),
    keys.map((k) => k.note),
  ]);
  return row!.stored;
}
