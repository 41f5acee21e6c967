import type { SessionResult } from '@latchkey/contracts';
import type { CachedApp } from '../apps/app-credentials.cache.js';
import type { NewSession, SessionOpeningRequest } from '../sessions/session-opening.js';
import type { OpenedSessionRow } from '../sessions/session.rows.js';
import { sessionEnd } from '../sessions/session-rules.js';
import type { ClientUserRow } from '../users/users.queries.js';
import { toClientUser } from '../users/user-views.js';
import { markTicketSubject } from './offline-ticket.js';

export function sessionResult(app: CachedApp, session: NewSession, user: ClientUserRow, openedAt: Date): SessionResult {
  const clientUser = toClientUser(user);
  const result = {
    sessionToken: session.token,
    expiresAt: sessionEnd(app.sessionIdleSeconds, session.expiresAt, openedAt).toISOString(),
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

/** The client's answer for a session just opened, with the user as open_session left it. */
export function toSessionResult(
  { app, session, admission }: SessionOpeningRequest,
  opened: OpenedSessionRow,
): SessionResult {
  return sessionResult(
    app,
    session,
    {
      id: admission.userId,
      username: opened.username,
      level: opened.level,
      hwid: opened.hwid,
      expires_at: opened.user_expires_at,
      created_at: opened.user_created_at,
      last_login_at: opened.last_login_at,
    },
    opened.session_created_at,
  );
}
