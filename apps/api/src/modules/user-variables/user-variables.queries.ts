import type { ListStatement } from '../../common/sql.js';

/*
 * Every statement of the user-variables module, which owns `user_variables`
 * (docs/data-access.md). The client's reads are named prepared statements
 * (client-user-variable, client-user-variables), whose text must never
 * change for a given name.
 */

export interface UserVariableRow {
  key: string;
  value: string;
  created_at: Date;
  updated_at: Date;
}

const USER_VARIABLE_COLUMNS = 'key, value, created_at, updated_at';

/**
 * Takes the user `$1` of the app `$2` for a write of its variables: every
 * setter holds this row lock until it commits, so the count a setter reads
 * next is not moved by another setter of the same user. NO KEY: sessions
 * opening for the user (whose foreign key takes KEY SHARE) do not wait.
 */
export const LOCK_USER_FOR_VARIABLES = `SELECT id FROM users WHERE id = $1 AND app_id = $2 FOR NO KEY UPDATE`;

/**
 * Creates or replaces the variable `$2` of the user `$1` with `$3`, unless it
 * is new and the user holds `$4` already (no row then). Run under
 * LOCK_USER_FOR_VARIABLES, after which its own snapshot sees every committed
 * variable of the user. `created` tells which of the two it did.
 */
export const SET_USER_VARIABLE = `WITH replaced AS (
    UPDATE user_variables
       SET value = $3, updated_at = CASE WHEN value IS DISTINCT FROM $3::text THEN now() ELSE updated_at END
     WHERE user_id = $1 AND key = $2
    RETURNING ${USER_VARIABLE_COLUMNS}),
  created AS (
    INSERT INTO user_variables (user_id, key, value)
    SELECT $1, $2, $3
     WHERE NOT EXISTS (SELECT 1 FROM replaced)
       AND (SELECT count(*) FROM user_variables WHERE user_id = $1) < $4
    RETURNING ${USER_VARIABLE_COLUMNS})
  SELECT ${USER_VARIABLE_COLUMNS}, false AS created FROM replaced
  UNION ALL
  SELECT ${USER_VARIABLE_COLUMNS}, true AS created FROM created`;

/** One variable of the user `$1` (client-user-variable). */
export const GET_USER_VARIABLE = `SELECT value FROM user_variables WHERE user_id = $1 AND key = $2`;

/** Every variable of the user `$1` by key (client-user-variables); at most the per-user limit. */
export const ALL_USER_VARIABLES = `SELECT key, value FROM user_variables WHERE user_id = $1 ORDER BY key`;

export const DELETE_USER_VARIABLE = `DELETE FROM user_variables WHERE user_id = $1 AND key = $2 RETURNING key`;

/** The user `$1` of the app `$2`, when it is one: the admin routes' 404. */
export const APP_USER = `SELECT id FROM users WHERE id = $1 AND app_id = $2`;

/** The variables of the user `$1` by key, for the admin list. */
export const LIST_USER_VARIABLES: ListStatement = {
  select: USER_VARIABLE_COLUMNS,
  from: 'user_variables WHERE user_id = $1',
  orderBy: 'key ASC',
};
