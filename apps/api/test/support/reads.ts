// What specs read back to assert on: through the admin API where it shows it, else from the database.
import type { Owner } from '../factories/owners.js';
import type pg from 'pg';
import { db } from './db.js';
import { http } from './http.js';

/** How many sessions of the user are not ended, read from `pool` (a spec's own stack) or the shared database. */
export async function liveSessionCount(userId: string, pool: pg.Pool = db()): Promise<number> {
  const { rows } = await pool.query('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1 AND ended_at IS NULL', [
    userId,
  ]);
  return rows[0].n;
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

/** The events recorded for an app, oldest first. */
export async function recordedEvents(appId: string): Promise<Array<{ name: string; data: any }>> {
  const { rows } = await db().query('SELECT name, data FROM events WHERE app_id = $1 ORDER BY created_at, name', [
    appId,
  ]);
  return rows;
}
