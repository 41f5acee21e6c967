// The session rules live once, as SQL functions (sessions/sql/session_rules.v1.sql):
// the TypeScript mirror agrees with them, and PostgreSQL inlines them, so a
// condition built from them still uses the partial index on live sessions.
import { afterAll, describe, expect, it } from '@jest/globals';
import { liveSessionSql, sessionEnd, sessionEndSql, sessionIsLive } from '../src/modules/sessions/session-rules.js';
import { closeDb, db } from './support/db.js';

afterAll(closeDb);

describe('session rules', () => {
  it('sessionEnd in TypeScript answers what session_ends_at answers', async () => {
    const cases = [
      { expires: '2026-01-01T12:00:00.000Z', lastSeen: '2026-01-01T11:00:00.000Z', idle: 1800 },
      { expires: '2026-01-01T12:00:00.000Z', lastSeen: '2026-01-01T11:45:00.000Z', idle: 1800 },
      { expires: '2026-01-01T12:00:00.000Z', lastSeen: '2026-01-01T11:30:00.000Z', idle: 1800 },
    ];
    for (const { expires, lastSeen, idle } of cases) {
      const { rows } = await db().query<{ ends: Date }>(
        `SELECT ${sessionEndSql({ alias: 's', idleSeconds: '$3' }, '$2::timestamptz')} AS ends
           FROM (SELECT $1::timestamptz AS expires_at) s`,
        [expires, lastSeen, idle],
      );
      expect(rows[0]!.ends.toISOString()).toBe(sessionEnd(idle, new Date(expires), new Date(lastSeen)).toISOString());
    }
  });

  it('sessionIsLive in TypeScript answers what session_is_live answers', async () => {
    const at = '2026-01-01T12:00:00.000Z';
    const cases = [
      { ended: null, expires: '2026-01-01T13:00:00.000Z', lastSeen: '2026-01-01T11:45:00.000Z' },
      { ended: '2026-01-01T11:50:00.000Z', expires: '2026-01-01T13:00:00.000Z', lastSeen: '2026-01-01T11:45:00.000Z' },
      { ended: null, expires: '2026-01-01T12:00:00.000Z', lastSeen: '2026-01-01T11:45:00.000Z' },
      { ended: null, expires: '2026-01-01T13:00:00.000Z', lastSeen: '2026-01-01T11:30:00.000Z' },
      { ended: null, expires: '2026-01-01T13:00:00.000Z', lastSeen: '2026-01-01T11:30:00.001Z' },
    ];
    for (const { ended, expires, lastSeen } of cases) {
      const { rows } = await db().query<{ live: boolean }>(
        `SELECT ${liveSessionSql({ alias: 's', idleSeconds: '1800' }, '$4::timestamptz')} AS live
           FROM (SELECT $1::timestamptz AS ended_at, $2::timestamptz AS expires_at, $3::timestamptz AS last_seen_at) s`,
        [ended, expires, lastSeen, at],
      );
      const session = {
        endedAt: ended === null ? null : new Date(ended),
        expiresAt: new Date(expires),
        lastSeenAt: new Date(lastSeen),
      };
      expect([lastSeen, sessionIsLive(1800, session, new Date(at))]).toEqual([lastSeen, rows[0]!.live]);
    }
  });

  it('a live-session condition is inlined: the partial index on live sessions applies', async () => {
    const client = await db().connect();
    try {
      await client.query('BEGIN');
      await client.query('SET LOCAL enable_seqscan = off');
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT s.id FROM sessions s
          WHERE s.user_id = '00000000-0000-4000-8000-000000000000'
            AND ${liveSessionSql({ alias: 's', idleSeconds: '1800' })}`,
      );
      expect(rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('sessions_user_live_idx');
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});
