// Factories for the owner-operations specs (users, sessions, blacklist, audit, stats, rate limits).
import { randomBytes, randomUUID } from 'node:crypto';
import { db, http, type Owner } from './api.js';

export const USER_PASSWORD = 'hunter22';

/** A unique valid username. */
export function username(prefix = 'user'): string {
  return `${prefix}_${randomUUID().slice(0, 8)}`;
}

/** Creates an end user through the admin API; returns the user record. */
export async function createUser(owner: Owner, app: { appId: string }, fields: Record<string, unknown> = {}) {
  const res = await http('POST', `/v1/admin/apps/${app.appId}/users`, {
    token: owner.token,
    body: { username: username(), password: USER_PASSWORD, ...fields },
  });
  if (res.status !== 201) throw new Error(`create user failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { userId: string; username: string; [field: string]: unknown };
}

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

/** The session's end as stored. */
export async function sessionState(sessionId: string): Promise<{ ended: boolean; reason: string | null } | null> {
  const { rows } = await db().query('SELECT ended_at, end_reason FROM sessions WHERE id = $1', [sessionId]);
  return rows[0] ? { ended: rows[0].ended_at !== null, reason: rows[0].end_reason } : null;
}

/** The app's audit entries through the admin API, newest first. */
export async function auditEntries(owner: Owner, app: { appId: string }, query = ''): Promise<any[]> {
  const res = await http('GET', `/v1/admin/apps/${app.appId}/logs?limit=100${query}`, { token: owner.token });
  if (res.status !== 200) throw new Error(`audit list failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** Polls `check` until it holds or `timeoutMs` passes; for effects that land shortly after a response. */
export async function eventually<T>(
  read: () => Promise<T>,
  check: (value: T) => boolean,
  timeoutMs = 5000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}
