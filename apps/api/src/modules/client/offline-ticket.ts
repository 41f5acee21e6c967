import type { ClientUser } from '@latchkey/contracts';
import { SignJWT } from 'jose';
import type { CachedApp } from '../apps/app-credentials.cache.js';
import type { ClientResult } from './client-context.js';

/** Who an answer's offline ticket speaks for: the session, and its user as the answer shows it. */
interface TicketSubject {
  sessionId: string;
  user: ClientUser;
}

/**
 * Answers that carry a ticket when the app hands them out (session results and
 * `check`) are marked where they are built, the one place that knows the
 * session id; the dispatcher then signs for the marked ones. A WeakMap keeps
 * the mark off the answer itself, so it can never be serialized.
 */
const subjects = new WeakMap<object, TicketSubject>();

export function markTicketSubject<T extends object>(data: T, sessionId: string, user: ClientUser): T {
  subjects.set(data, { sessionId, user });
  return data;
}

/** The result with `ticket` added to its data when it is marked and the app's offlineTicketSeconds is above 0. */
export async function withOfflineTicket(app: CachedApp, result: ClientResult, now = Date.now()): Promise<ClientResult> {
  const subject = app.offlineTicketSeconds > 0 ? subjects.get(result.data) : undefined;
  if (!subject) return result;
  return { ...result, data: { ...result.data, ticket: await signOfflineTicket(app, subject, now) } };
}

/**
 * A compact JWS (EdDSA, `kid` = the app's keyId) with the contract's claims;
 * `exp` is the earlier of the user's expiry and now + offlineTicketSeconds.
 */
export function signOfflineTicket(app: CachedApp, { sessionId, user }: TicketSubject, now: number): Promise<string> {
  const iat = Math.floor(now / 1000);
  const userEnd = user.expiresAt === null ? Infinity : Math.floor(Date.parse(user.expiresAt) / 1000);
  return new SignJWT({ sid: sessionId, lvl: user.level, hwid: user.hwid })
    .setProtectedHeader({ alg: 'EdDSA', kid: app.keyId })
    .setIssuer(app.id)
    .setSubject(user.userId)
    .setIssuedAt(iat)
    .setExpirationTime(Math.min(iat + app.offlineTicketSeconds, userEnd))
    .sign(app.signingKey);
}
