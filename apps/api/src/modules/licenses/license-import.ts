import { sqlRows, type SqlExecutor } from '../../common/sql.js';
import { CREATE_IMPORTED_KEYS } from './license-import.queries.js';

/** Creates the keys a KeyAuth import classified `create`, in the caller's transaction; returns each with its user. */
export async function createImportedKeys(
  executor: SqlExecutor,
  appId: string,
  importId: string,
  createdBy: string | null,
): Promise<Array<{ licenseId: string; userId: string | null }>> {
  const rows = await sqlRows<{ id: string; user_id: string | null }>(executor, CREATE_IMPORTED_KEYS, [
    appId,
    importId,
    createdBy,
  ]);
  return rows.map((row) => ({ licenseId: row.id, userId: row.user_id }));
}
