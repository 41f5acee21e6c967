import { appRecordsList } from '../../common/sql.js';

/* Every statement of the variables module, which owns `variables` (docs/data-access.md). */

export interface VariableRow {
  key: string;
  value: string;
  min_level: number;
  created_at: Date;
  updated_at: Date;
}

const VARIABLE_COLUMNS = 'key, value, min_level, created_at, updated_at';

/** A new variable; a key the app has already is a unique violation. */
export const INSERT_VARIABLE = `INSERT INTO variables (app_id, key, value, min_level) VALUES ($1, $2, $3, $4)
  RETURNING ${VARIABLE_COLUMNS}`;

/** The app `$1`'s variables by key. */
export const LIST_VARIABLES = appRecordsList('variables', VARIABLE_COLUMNS, 'key ASC');

export const GET_VARIABLE = `SELECT ${VARIABLE_COLUMNS} FROM variables WHERE app_id = $1 AND key = $2`;

/** Sets value `$3` and level `$4`; `updated_at` moves only when one of them changes. */
export const UPDATE_VARIABLE = `UPDATE variables SET value = $3, min_level = $4,
    updated_at = CASE WHEN (value, min_level) IS DISTINCT FROM ($3::text, $4::integer) THEN now() ELSE updated_at END
  WHERE app_id = $1 AND key = $2
  RETURNING ${VARIABLE_COLUMNS}`;

export const DELETE_VARIABLE = `DELETE FROM variables WHERE app_id = $1 AND key = $2`;
