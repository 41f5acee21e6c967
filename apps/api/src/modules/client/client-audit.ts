import type { AuditRecord } from '../audit/audit.service.js';

/** The client types whose every outcome is audited. */
export type AuthenticatingType = 'register' | 'login' | 'license' | 'upgrade';

/*
 * The audit entries the client endpoint writes, built in one place. For
 * authentications `actor` is the username (the key for `license`) and
 * `details.outcome` says how it went.
 */

export function clientAuthSuccess(entry: {
  appId: string;
  type: AuthenticatingType;
  actor: string;
  ip: string;
  userId: string;
  /** the session it opened; `upgrade` opens none */
  sessionId: string | null;
}): AuditRecord {
  const { appId, type, actor, ip, userId, sessionId } = entry;
  return {
    appId,
    type: `client.${type}`,
    actor,
    ip,
    details: { outcome: 'success', userId, ...(sessionId ? { sessionId } : {}) },
  };
}

/** A refused authentication, with the message the client got as its reason. */
export function clientAuthFailure(entry: {
  appId: string;
  type: AuthenticatingType;
  actor: string;
  ip: string;
  reason: string;
}): AuditRecord {
  const { appId, type, actor, ip, reason } = entry;
  return { appId, type: `client.${type}`, actor, ip, details: { outcome: 'failure', reason } };
}

/** A line the client sent with `log`, recorded against its session's user. */
export function clientLogLine(entry: {
  appId: string;
  /** the session's username */
  actor: string;
  ip: string;
  message: string;
  userId: string;
  sessionId: string;
}): AuditRecord {
  const { appId, actor, ip, message, userId, sessionId } = entry;
  return { appId, type: 'client.log', actor, ip, details: { message, userId, sessionId } };
}
