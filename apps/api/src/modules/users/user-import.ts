import { sqlAffected, sqlRows, type SqlExecutor } from '../../common/sql.js';
import { CREATE_IMPORTED_USERS, LINK_IMPORTED_LICENSES } from './user-import.queries.js';

/** Creates the users a KeyAuth import classified `create`, in the caller's transaction; returns how many. */
export async function createImportedUsers(
  executor: SqlExecutor,
  appId: string,
  importId: string,
  levels: Record<string, number>,
): Promise<number> {
  const rows = await sqlRows(executor, CREATE_IMPORTED_USERS, [appId, importId, JSON.stringify(levels)]);
  return rows.length;
}

/** Imported keys that were used: each user holds the key it used, unless it holds one already. */
export async function linkImportedLicenses(
  executor: SqlExecutor,
  links: Array<{ userId: string; licenseId: string }>,
): Promise<void> {
  if (links.length === 0) return;
  await sqlAffected(executor, LINK_IMPORTED_LICENSES, [links.map((l) => l.userId), links.map((l) => l.licenseId)]);
}
