import { randomBytes } from 'node:crypto';
import { db } from '../support/db.js';

/**
 * Inserts a session row directly, for admin views that must not depend on the
 * client endpoint. Times are SQL interval offsets from now (e.g. '-5 minutes').
 */
export async function insertSession(
  appId: string,
  userId: string,
  fields: {
    ip?: string;
    hwid?: string | null;
    created?: string;
    lastSeen?: string;
    expires?: string;
    ended?: boolean;
  } = {},
): Promise<string> {
  const { rows } = await db().query(
    `INSERT INTO sessions (app_id, user_id, token_hash, ip, hwid, created_at, last_seen_at, expires_at, ended_at)
     VALUES ($1, $2, $3, $4, $5, now() + $6::interval, now() + $7::interval, now() + $8::interval,
             CASE WHEN $9 THEN now() END)
     RETURNING id`,
    [
      appId,
      userId,
      randomBytes(32),
      fields.ip ?? '203.0.113.9',
      fields.hwid === undefined ? 'HW-1' : fields.hwid,
      fields.created ?? '-1 minute',
      fields.lastSeen ?? '-30 seconds',
      fields.expires ?? '1 day',
      fields.ended ?? false,
    ],
  );
  return rows[0].id;
}
