import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { REDIS } from '../../common/redis.module.js';
import type { CachedApp } from '../apps/app-credentials.cache.js';

/**
 * A KeyAuth session: opened by `init`, unvalidated until `register`,
 * `login` or `license` binds it to a Latchkey session, whose rules (device
 * limit, timeouts, bans) then decide whether it is live.
 */
export interface KeyAuthSession {
  id: string;
  appId: string;
  /** what a 1.2 client sent with `init`: the HMAC key of every later answer is `enckey-secret` */
  enckey: string | null;
  /** the bound Latchkey session's token; null while unvalidated */
  latchkeyToken: string | null;
  /**
   * logged out: kept until it would have expired so that the refusals of
   * later calls are still signed with its 1.2 `enckey`, which the client
   * checks them with
   */
  ended: boolean;
}

const KEY_PREFIX = 'latchkey:keyauth:session:';
/** 128 bits, as hex: the `sessionid` KeyAuth clients echo. */
const SESSION_ID_BYTES = 16;
const SESSION_ID_PATTERN = /^[0-9a-f]{32}$/;

/**
 * KeyAuth sessions in Redis, each with a time to live: an unvalidated one
 * lives for the app's idle timeout, a bound one for the app's absolute
 * session lifetime (the Latchkey session ends first or with it). The
 * Latchkey token is kept because the session services take the token; it is
 * no more than what the `sessionid` itself already grants its holder.
 */
@Injectable()
export class KeyAuthSessions {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async open(app: CachedApp, enckey: string | null): Promise<KeyAuthSession> {
    const session: KeyAuthSession = {
      id: randomBytes(SESSION_ID_BYTES).toString('hex'),
      appId: app.id,
      enckey,
      latchkeyToken: null,
      ended: false,
    };
    await this.redis.set(KEY_PREFIX + session.id, JSON.stringify(session), 'EX', app.sessionIdleSeconds);
    return session;
  }

  /** The session `sessionId` of the app (ended ones too), or null when unknown or expired. */
  async find(app: CachedApp, sessionId: string | undefined): Promise<KeyAuthSession | null> {
    if (sessionId === undefined || !SESSION_ID_PATTERN.test(sessionId)) return null;
    const stored = await this.redis.get(KEY_PREFIX + sessionId);
    const session = stored === null ? null : (JSON.parse(stored) as KeyAuthSession);
    return session?.appId === app.id ? session : null;
  }

  /** Validates the session: bound from now on to the Latchkey session of `latchkeyToken`. */
  async bind(app: CachedApp, session: KeyAuthSession, latchkeyToken: string): Promise<void> {
    const bound: KeyAuthSession = { ...session, latchkeyToken };
    await this.redis.set(KEY_PREFIX + session.id, JSON.stringify(bound), 'EX', app.sessionTtlSeconds);
  }

  async end(session: KeyAuthSession): Promise<void> {
    const ended: KeyAuthSession = { ...session, latchkeyToken: null, ended: true };
    await this.redis.set(KEY_PREFIX + session.id, JSON.stringify(ended), 'KEEPTTL');
  }
}
