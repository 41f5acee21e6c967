import type { DurationType, KeyAuthImportFormat, KeyAuthImportResult, KeyAuthImportOutcome } from '@latchkey/contracts';
import { KeyAuthRowReason } from '@latchkey/contracts';
import type { ListStatement } from '../../../common/sql.js';

/*
 * Statements of imports from KeyAuth: the keyauth module owns `keyauth_imports`
 * and its staging tables (docs/data-access.md); their jobs are written
 * through the jobs module (jobs/job-records.ts). The users and keys a commit
 * creates are written by their owners (users/user-import.ts,
 * licenses/license-import.ts), reading the staging tables in their statement.
 */

export interface KeyAuthImportRow {
  id: string;
  app_id: string;
  format: KeyAuthImportFormat;
  file_name: string | null;
  preview_job_id: string;
  commit_job_id: string | null;
  levels: Record<string, number>;
  result: KeyAuthImportResult | null;
  created_at: Date;
}

const IMPORT_COLUMNS = 'id, app_id, format, file_name, preview_job_id, commit_job_id, levels, result, created_at';

/** An import of the app `$1` from the file `$3` (format `$2`, until the file has been read), previewed by the job `$4`. */
export const INSERT_IMPORT = `INSERT INTO keyauth_imports (app_id, format, file_name, preview_job_id)
  VALUES ($1, $2, $3, $4) RETURNING ${IMPORT_COLUMNS}`;

export const SET_IMPORT_FORMAT = `UPDATE keyauth_imports SET format = $2 WHERE id = $1`;

export const GET_IMPORT = `SELECT ${IMPORT_COLUMNS} FROM keyauth_imports WHERE id = $1 AND app_id = $2`;

export const IMPORT_OF_PREVIEW_JOB = `SELECT ${IMPORT_COLUMNS} FROM keyauth_imports WHERE preview_job_id = $1`;

export const IMPORT_OF_COMMIT_JOB = `SELECT ${IMPORT_COLUMNS} FROM keyauth_imports WHERE commit_job_id = $1`;

export const LIST_IMPORTS: ListStatement = {
  select: IMPORT_COLUMNS,
  from: 'keyauth_imports WHERE app_id = $1',
  orderBy: 'created_at DESC, id DESC',
};

/**
 * The import `$1` of the app `$2` is committed by the job `$3` with the
 * levels `$4`: only once its preview succeeded, and only while no commit is
 * queued, running or done (one that failed or was cancelled may be retried).
 * Two commits of one import take turns on its row lock.
 */
export const CLAIM_COMMIT = `UPDATE keyauth_imports i SET commit_job_id = $3, levels = $4
  WHERE i.id = $1 AND i.app_id = $2
    AND EXISTS (SELECT 1 FROM jobs p WHERE p.id = i.preview_job_id AND p.status = 'succeeded')
    AND NOT EXISTS (SELECT 1 FROM jobs c WHERE c.id = i.commit_job_id AND c.status NOT IN ('failed', 'cancelled'))
  RETURNING ${IMPORT_COLUMNS}`;

export const SET_IMPORT_RESULT = `UPDATE keyauth_imports SET result = $2 WHERE id = $1`;

/** Staged users of the import `$1`, by position (line, username, ... as arrays). */
export const STAGE_USERS = `INSERT INTO keyauth_import_users (import_id, line, username, username_key, password_hash,
    hwid, hwid_count, banned, ban_reason, ip, created_at, last_login_at, problem)
  SELECT $1, * FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[], $8::bool[],
    $9::text[], $10::text[], $11::timestamptz[], $12::timestamptz[], $13::text[])`;

export const STAGE_SUBSCRIPTIONS = `INSERT INTO keyauth_import_subscriptions (import_id, line, username_key, name, expires_at)
  SELECT $1, * FROM unnest($2::int[], $3::text[], $4::text[], $5::timestamptz[])`;

export const STAGE_KEYS = `INSERT INTO keyauth_import_keys (import_id, line, key, level, duration_type, extra_days,
    status, used_by, used_by_key, activated_at, note, ban_reason, problem)
  SELECT $1, * FROM unnest($2::int[], $3::text[], $4::int[], $5::text[], $6::int[], $7::text[], $8::text[],
    $9::text[], $10::timestamptz[], $11::text[], $12::text[], $13::text[])`;

/** The staged users `$2` (username keys) of the import `$1` are refused for `$3`, unless refused already. */
export const REFUSE_STAGED_USERS = `UPDATE keyauth_import_users SET problem = $3
  WHERE import_id = $1 AND username_key = ANY($2::text[]) AND problem IS NULL`;

/** Every staged record of the import `$1` (users and keys; subscriptions are read with their user). */
export const COUNT_STAGED = `SELECT (SELECT count(*) FROM keyauth_import_users WHERE import_id = $1)::int
  + (SELECT count(*) FROM keyauth_import_keys WHERE import_id = $1)::int AS total`;

export const COUNT_STAGED_BY_KIND = `SELECT (SELECT count(*) FROM keyauth_import_users WHERE import_id = $1)::int AS users,
  (SELECT count(*) FROM keyauth_import_keys WHERE import_id = $1)::int AS keys`;

/** The last line of the import `$1`'s file, read from the ends of the staging tables' primary keys. */
export const LAST_STAGED_LINE = `SELECT GREATEST((SELECT max(line) FROM keyauth_import_users WHERE import_id = $1),
  (SELECT max(line) FROM keyauth_import_keys WHERE import_id = $1),
  (SELECT max(line) FROM keyauth_import_subscriptions WHERE import_id = $1), 0) AS last_line`;

const quoted = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * Writes the outcome of the staged users of the import `$1` (app `$2`) in
 * the lines after `$3` up to `$4`: skipped for a
 * problem of the row or an earlier row of the same name, a conflict when
 * the app has the name (imported before when the password hash is the
 * same), created otherwise.
 */
export const CLASSIFY_USERS = `UPDATE keyauth_import_users s SET outcome = c.outcome, reason = c.reason
  FROM (
    SELECT s2.line,
      CASE WHEN s2.problem IS NOT NULL OR earlier.line IS NOT NULL THEN 'skip'
           WHEN u.id IS NOT NULL THEN 'conflict' ELSE 'create' END AS outcome,
      CASE WHEN s2.problem IS NOT NULL THEN s2.problem
           WHEN earlier.line IS NOT NULL THEN ${quoted(KeyAuthRowReason.duplicate)}
           WHEN u.id IS NOT NULL AND u.password_hash IS NOT DISTINCT FROM s2.password_hash
             THEN ${quoted(KeyAuthRowReason.alreadyImported)}
           WHEN u.id IS NOT NULL THEN ${quoted(KeyAuthRowReason.usernameTaken)} END AS reason
    FROM keyauth_import_users s2
    LEFT JOIN LATERAL (SELECT u1.id, u1.password_hash FROM users u1
      WHERE u1.app_id = $2 AND u1.username_key = s2.username_key LIMIT 1) u ON true
    LEFT JOIN LATERAL (SELECT d.line FROM keyauth_import_users d
      WHERE d.import_id = s2.import_id AND d.username_key = s2.username_key AND d.line < s2.line LIMIT 1) earlier ON true
    WHERE s2.import_id = $1 AND s2.line > $3 AND s2.line <= $4
  ) c
  WHERE s.import_id = $1 AND s.line = c.line AND s.line > $3 AND s.line <= $4`;

/** The same for staged keys: a conflict when the app has the key. */
export const CLASSIFY_KEYS = `UPDATE keyauth_import_keys s SET outcome = c.outcome, reason = c.reason
  FROM (
    SELECT s2.line,
      CASE WHEN s2.problem IS NOT NULL OR earlier.line IS NOT NULL THEN 'skip'
           WHEN l.id IS NOT NULL THEN 'conflict' ELSE 'create' END AS outcome,
      CASE WHEN s2.problem IS NOT NULL THEN s2.problem
           WHEN earlier.line IS NOT NULL THEN ${quoted(KeyAuthRowReason.duplicate)}
           WHEN l.id IS NOT NULL THEN ${quoted(KeyAuthRowReason.keyTaken)} END AS reason
    FROM keyauth_import_keys s2
    LEFT JOIN licenses l ON l.app_id = $2 AND l.key = s2.key
    LEFT JOIN LATERAL (SELECT d.line FROM keyauth_import_keys d
      WHERE d.import_id = s2.import_id AND d.key = s2.key AND d.line < s2.line LIMIT 1) earlier ON true
    WHERE s2.import_id = $1 AND s2.line > $3 AND s2.line <= $4
  ) c
  WHERE s.import_id = $1 AND s.line = c.line AND s.line > $3 AND s.line <= $4`;

export interface OutcomeCount {
  kind: 'users' | 'keys';
  outcome: KeyAuthImportOutcome;
  count: number;
}

export const OUTCOME_COUNTS = `SELECT 'users' AS kind, outcome, count(*)::int AS count FROM keyauth_import_users
    WHERE import_id = $1 AND outcome IS NOT NULL GROUP BY outcome
  UNION ALL
  SELECT 'keys', outcome, count(*)::int FROM keyauth_import_keys
    WHERE import_id = $1 AND outcome IS NOT NULL GROUP BY outcome`;

/** The subscription names of the import `$1` and how many distinct users hold each. */
export const SUBSCRIPTION_NAMES = `SELECT name, count(DISTINCT username_key)::int AS users
  FROM keyauth_import_subscriptions WHERE import_id = $1 GROUP BY name ORDER BY name LIMIT $2`;

export interface StagedRowView {
  line: number;
  name: string;
  outcome: KeyAuthImportOutcome | null;
  reason: string | null;
  level: number | null;
  status: string | null;
  used_by: string | null;
  duration_type: DurationType | null;
  extra_days: number | null;
  hwid: string | null;
  banned: boolean;
}

/** A page of the staged users of the import `$1`, optionally of one outcome (`$2`). */
export const LIST_STAGED_USERS: ListStatement = {
  select: `line, username AS name, outcome, reason, NULL::int AS level, NULL AS status, NULL AS used_by,
    NULL AS duration_type, NULL::int AS extra_days,
    CASE WHEN hwid_count > 1 THEN hwid_count || ' devices' ELSE hwid END AS hwid, banned`,
  from: 'keyauth_import_users WHERE import_id = $1 AND ($2::text IS NULL OR outcome = $2)',
  orderBy: 'line',
};

export const LIST_STAGED_KEYS: ListStatement = {
  select: `line, key AS name, outcome, reason, level, status, used_by, duration_type, extra_days, NULL AS hwid,
    status = 'BANNED' AS banned`,
  from: 'keyauth_import_keys WHERE import_id = $1 AND ($2::text IS NULL OR outcome = $2)',
  orderBy: 'line',
};

/** A committed import's staged rows are dropped: they hold password hashes. */
export const DROP_STAGED_USERS = `DELETE FROM keyauth_import_users WHERE import_id = $1`;
export const DROP_STAGED_SUBSCRIPTIONS = `DELETE FROM keyauth_import_subscriptions WHERE import_id = $1`;
export const DROP_STAGED_KEYS = `DELETE FROM keyauth_import_keys WHERE import_id = $1`;
