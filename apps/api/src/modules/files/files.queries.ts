import type { ListStatement } from '../../common/sql.js';
import { liveSessionSql } from '../sessions/session-rules.js';

/*
 * Every statement of the files module, which owns `files`, `file_contents`,
 * `file_chunks` and `file_links` (docs/data-access.md), and the rows they
 * read (columns as PostgreSQL names them; bigint comes as text). Code on the
 * files pool (pg's own, for streaming) reads `.rows` itself.
 */

export interface RedeemedRow {
  file_id: string;
  name: string;
  app_id: string;
  content_id: string;
  wrapped_key: Buffer;
  size: string;
  user_id: string;
  username: string;
  e2e_key_sealed: Buffer | null;
}

export interface OfferedFileRow {
  id: string;
  name: string;
  min_level: number;
  content_id: string;
  size: string;
  sha256: Buffer;
}

export interface FileRow {
  id: string;
  name: string;
  min_level: number;
  downloads: number;
  created_at: Date;
  updated_at: Date;
  portal_offered: boolean;
  /** bigint: pg answers it as text */
  size: string;
  sha256: Buffer;
}

/** A file's columns and its current content's size and hash, from `files f` joined to `file_contents c`. */
const FILE_COLUMNS = `f.id, f.name, f.min_level, f.downloads, f.created_at, f.updated_at, f.portal_offered, c.size, c.sha256`;

export const INSERT_FILE = `INSERT INTO files (app_id, name, min_level, content_id) VALUES ($1, $2, $3, $4) RETURNING id`;

/** The app `$1`'s files, newest first. */
export const LIST_FILES: ListStatement = {
  select: FILE_COLUMNS,
  from: 'files f JOIN file_contents c ON c.id = f.content_id WHERE f.app_id = $1',
  countFrom: 'files f WHERE f.app_id = $1',
  orderBy: 'f.created_at DESC, f.id DESC',
};

/** Renames the file, changes its level and/or whether the portal offers it (null: unchanged). */
export const UPDATE_FILE = `UPDATE files SET name = coalesce($3, name), min_level = coalesce($4, min_level),
    portal_offered = coalesce($5, portal_offered), updated_at = now()
  WHERE id = $1 AND app_id = $2 RETURNING id`;

/** The app `$1`'s files offered in the portal up to level `$2`, by name. */
export const PORTAL_FILES = `SELECT f.id, f.name, f.min_level, f.updated_at, c.size
  FROM files f JOIN file_contents c ON c.id = f.content_id
  WHERE f.app_id = $1 AND f.portal_offered AND f.min_level <= $2
  ORDER BY f.name, f.id LIMIT 100`;

export interface PortalFileRow {
  id: string;
  name: string;
  min_level: number;
  updated_at: Date;
  size: string;
}

export const LOCK_FILE_CONTENT = `SELECT content_id FROM files WHERE id = $1 AND app_id = $2 FOR UPDATE`;

export const REPLACE_FILE_CONTENT = `UPDATE files SET content_id = $2, updated_at = now() WHERE id = $1`;

export const DELETE_FILE = `DELETE FROM files WHERE id = $1 AND app_id = $2 RETURNING content_id, name`;

export const GET_FILE = `SELECT ${FILE_COLUMNS} FROM files f JOIN file_contents c ON c.id = f.content_id
  WHERE f.id = $1 AND f.app_id = $2`;

/** A file a client may ask a link for. */
export const OFFERED_FILE = `SELECT f.id, f.name, f.min_level, f.content_id, c.size, c.sha256
  FROM files f JOIN file_contents c ON c.id = f.content_id
  WHERE f.id = $1 AND f.app_id = $2`;

/** A file the portal offers, for a link. */
export const OFFERED_PORTAL_FILE = `${OFFERED_FILE} AND f.portal_offered`;

export const COUNT_DOWNLOAD = 'UPDATE files SET downloads = downloads + 1 WHERE id = $1';

export const INSERT_CONTENT = 'INSERT INTO file_contents (id, app_id, wrapped_key) VALUES ($1, $2, $3)';

export const SEAL_CONTENT = 'UPDATE file_contents SET size = $2, sha256 = $3 WHERE id = $1';

export const DELETE_CONTENT = 'DELETE FROM file_contents WHERE id = $1';

/** Contents older than `$1` seconds that no file points at. */
export const DELETE_ABANDONED_CONTENTS = `DELETE FROM file_contents c
  WHERE c.created_at < now() - make_interval(secs => $1)
    AND NOT EXISTS (SELECT 1 FROM files f WHERE f.content_id = c.id)
  RETURNING c.id`;

export const KNOWN_CONTENTS = 'SELECT id FROM file_contents WHERE id = ANY($1::uuid[])';

/** Links expired more than `$1` seconds ago. */
export const DELETE_OLD_LINKS = `DELETE FROM file_links WHERE expires_at < now() - make_interval(secs => $1) RETURNING 1`;

export const INSERT_CHUNK = 'INSERT INTO file_chunks (content_id, index, data) VALUES ($1, $2, $3)';

export const DELETE_CHUNKS = 'DELETE FROM file_chunks WHERE content_id = $1';

/** Distinct content ids by skipping along the primary key, one index probe per content. */
export const CHUNKED_CONTENTS = `WITH RECURSIVE ids AS (
    (SELECT content_id FROM file_chunks ORDER BY content_id LIMIT 1)
    UNION ALL
    SELECT (SELECT c.content_id FROM file_chunks c WHERE c.content_id > ids.content_id
             ORDER BY c.content_id LIMIT 1)
      FROM ids WHERE ids.content_id IS NOT NULL)
  SELECT content_id FROM ids WHERE content_id IS NOT NULL`;

/**
 * COPY of the bytes of chunks `first` to `first + count - 1`, in order (a
 * checked content id and integers: COPY takes no parameters).
 */
export function copyChunks(contentId: string, first: number, count: number): string {
  return `COPY (SELECT data FROM file_chunks WHERE content_id = '${contentId}'
    AND index >= ${first} AND index < ${first + count} ORDER BY index) TO STDOUT (FORMAT binary)`;
}

/** The link's session, live by the app's idle timeout. */
const LIVE_SESSION = liveSessionSql({ alias: 's', idleSeconds: 'a.session_idle_seconds' });

/**
 * The link `l` whose token hashes to $1, when it can be used: unused and
 * unexpired, its file still holding the content it was made for, its session
 * still live (session-rules.ts, as the client endpoint checks it) with a user
 * whose level the file allows. The tables after `FROM` (or `UPDATE ... FROM`).
 */
const USABLE_LINK = `files f
         JOIN file_contents c ON c.id = f.content_id
         JOIN apps a ON a.id = f.app_id,
              sessions s
         JOIN users u ON u.id = s.user_id
        WHERE l.token_hash = $1 AND l.used_at IS NULL AND l.expires_at > now()
          AND f.id = l.file_id AND f.content_id = l.content_id AND a.enabled
          AND s.id = l.session_id AND ${LIVE_SESSION}
          AND NOT u.banned AND (u.expires_at IS NULL OR u.expires_at > now())
          AND u.level >= f.min_level`;

const LINK_FIELDS = `f.id AS file_id, f.name, f.app_id, c.id AS content_id, c.wrapped_key, c.size,
                u.id AS user_id, u.username, l.e2e_key_sealed`;

/** A link for token hash `$1`, valid `$6` seconds. */
export const INSERT_LINK = `INSERT INTO file_links (token_hash, file_id, content_id, session_id, e2e_key_sealed, expires_at)
  VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))
  RETURNING expires_at`;

export const REDEEM_LINK = `UPDATE file_links l SET used_at = now() FROM ${USABLE_LINK} RETURNING ${LINK_FIELDS}`;

export const PEEK_LINK = `SELECT ${LINK_FIELDS} FROM file_links l, ${USABLE_LINK}`;

/**
 * A link handed out by the customer portal: as USABLE_LINK, but bound to a
 * portal session (not ended, not expired: the portal's own rule, a session
 * with no idle end) and to the user named when it was issued, and the file
 * still offered in the portal.
 */
const USABLE_PORTAL_LINK = `files f
         JOIN file_contents c ON c.id = f.content_id
         JOIN apps a ON a.id = f.app_id,
              portal_sessions p,
              users u
        WHERE l.token_hash = $1 AND l.used_at IS NULL AND l.expires_at > now()
          AND f.id = l.file_id AND f.content_id = l.content_id AND f.portal_offered
          AND p.id = l.portal_session_id AND p.ended_at IS NULL AND p.expires_at > now()
          AND u.id = l.user_id AND u.app_id = f.app_id
          AND NOT u.banned AND (u.expires_at IS NULL OR u.expires_at > now())
          AND u.level >= f.min_level`;

/** A portal link for token hash `$1`, valid `$5` seconds. */
export const INSERT_PORTAL_LINK = `INSERT INTO file_links (token_hash, file_id, content_id, portal_session_id, user_id, expires_at)
  VALUES ($1, $2, $3, $4, $6, now() + make_interval(secs => $5))
  RETURNING expires_at`;

export const REDEEM_PORTAL_LINK = `UPDATE file_links l SET used_at = now() FROM ${USABLE_PORTAL_LINK} RETURNING ${LINK_FIELDS}`;

export const PEEK_PORTAL_LINK = `SELECT ${LINK_FIELDS} FROM file_links l, ${USABLE_PORTAL_LINK}`;
