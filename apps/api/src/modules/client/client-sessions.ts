import type { ClientUser, SessionResult } from '@latchkey/contracts';
import { randomUUID } from 'node:crypto';
import { randomSecret, sha256 } from '../../common/crypto.js';
import { iso } from '../../common/iso.js';
import type { CachedApp } from '../apps/app-credentials.cache.js';
import { markTicketSubject } from './offline-ticket.js';

/** The user fields a session result shows, as read from the database. */
export interface UserRow {
  id: string;
  username: string;
  level: number;
  hwid: string | null;
  expires_at: Date | null;
  created_at: Date;
  last_login_at: Date | null;
}

export function toClientUser(row: UserRow): ClientUser {
  return {
    userId: row.id,
    username: row.username,
    level: row.level,
    hwid: row.hwid,
    expiresAt: iso(row.expires_at),
    createdAt: row.created_at.toISOString(),
    lastLoginAt: iso(row.last_login_at),
  };
}

/** A session about to be opened: its id, secret token and absolute end, chosen before the write. */
export interface NewSession {
  id: string;
  token: string;
  tokenHash: Buffer;
  expiresAt: Date;
}

export function newSession(app: CachedApp, now = Date.now()): NewSession {
  const token = randomSecret('', 32);
  return { id: randomUUID(), token, tokenHash: sha256(token), expiresAt: new Date(now + app.sessionTtlSeconds * 1000) };
}

/**
 * When a session ends without further activity: its absolute end or the idle
 * timeout counted from `lastSeen`, whichever comes first.
 */
export function sessionEnd(app: CachedApp, absoluteEnd: Date, lastSeen: Date): Date {
  return new Date(Math.min(absoluteEnd.getTime(), lastSeen.getTime() + app.sessionIdleSeconds * 1000));
}

export function sessionResult(app: CachedApp, session: NewSession, user: UserRow, openedAt: Date): SessionResult {
  const clientUser = toClientUser(user);
  const result = {
    sessionToken: session.token,
    expiresAt: sessionEnd(app, session.expiresAt, openedAt).toISOString(),
    user: clientUser,
  };
  return markTicketSubject(result, session.id, clientUser);
}

/**
 * How often a live session's `last_seen_at` is written: at most every 30 s,
 * and at least ten times per idle timeout, so a busy session costs one read
 * per call and the idle timeout is kept within a tenth.
 */
export function activityGranularityMs(app: CachedApp): number {
  return Math.min(30_000, (app.sessionIdleSeconds * 1000) / 10);
}
