import type { BlacklistType } from '@latchkey/contracts';
import type { ListStatement } from '../../common/sql.js';

/* Every statement of the blacklist module, which owns `blacklist_entries` (docs/data-access.md). */

export interface EntryRow {
  id: string;
  type: BlacklistType;
  value: string;
  reason: string | null;
  created_at: Date;
}

const ENTRY_COLUMNS = 'id, type, value, reason, created_at';

/** A new entry; none when the app has it already. */
export const INSERT_ENTRY = `INSERT INTO blacklist_entries (app_id, type, value, reason, created_by)
  VALUES ($1, $2, $3, $4, $5)
  ON CONFLICT DO NOTHING
  RETURNING ${ENTRY_COLUMNS}`;

/** The app's entries (of the type `$2` when not null), newest first. */
export const LIST_ENTRIES: ListStatement = {
  select: ENTRY_COLUMNS,
  from: `blacklist_entries WHERE app_id = $1 AND ($2::text IS NULL OR type = $2)`,
  orderBy: 'created_at DESC, id DESC',
};

export const DELETE_ENTRY = `DELETE FROM blacklist_entries WHERE id = $1 AND app_id = $2 RETURNING ${ENTRY_COLUMNS}`;

/** What BlacklistMatcher compiles for the app `$1`. */
export const APP_RULES = `SELECT type, value FROM blacklist_entries WHERE app_id = $1`;
