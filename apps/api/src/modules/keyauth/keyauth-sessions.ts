import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { randomHex } from '../../common/crypto.js';
import { REDIS } from '../../common/redis.module.js';
import { Config } from '../../config/config.js';
import type { CachedApp } from '../apps/app-credentials.cache.js';
import { UnstoredSessionIds } from './keyauth-session-ids.js';

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
  /**
   * read from this process's memory of bound sessions, not from Redis: its
   * binding may have changed in another process since, which a refusal of its
   * Latchkey token shows (KeyAuthSessions.find with `latest`)
   */
  remembered?: boolean;
  /** an unvalidated session with no record yet (UnstoredSessionIds): its end, in Unix seconds */
  unstoredUntil?: number;
}

const KEY_PREFIX = 'latchkey:keyauth:session:';
/** 128 bits, as hex: the `sessionid` KeyAuth clients echo. */
const SESSION_ID_BYTES = 16;
const SESSION_ID_PATTERN = /^[0-9a-f]{32}$/;
/** How long a bound session is served from memory before Redis is read again, and how many are kept. */
const REMEMBERED_MS = 30_000;
const REMEMBERED_COUNT = 100_000;

/**
 * KeyAuth sessions in Redis, each with a time to live: an unvalidated one
 * lives for the app's idle timeout (and has no record at all until it is
 * bound or ended, unless it keeps a 1.2 `enckey`), a bound one for the app's absolute
 * session lifetime (the Latchkey session ends first or with it). The
 * Latchkey token is kept because the session services take the token; it is
 * no more than what the `sessionid` itself already grants its holder.
 */
@Injectable()
export class KeyAuthSessions {
  /**
   * Bound sessions this process has seen lately: a session call then costs no
   * Redis read. Safe because the binding is only a pointer to a Latchkey
   * session, which `/v1`'s own lookup re-checks on every call: a copy made
   * stale by a logout or a new binding elsewhere holds a token that is refused,
   * and the caller reads Redis again (`latest`).
   */
  private readonly remembered = new LRUCache<string, KeyAuthSession>({ max: REMEMBERED_COUNT, ttl: REMEMBERED_MS });

  private readonly unstoredIds: UnstoredSessionIds;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    config: Config,
  ) {
    this.unstoredIds = new UnstoredSessionIds(config.masterKey);
  }

  /**
   * A new unvalidated session, for the app's idle timeout. Without a 1.2
   * `enckey` to keep, nothing is stored: the id carries the app and the end
   * (UnstoredSessionIds), so an `init`, the call every launch and every
   * crawler makes first, writes nothing to Redis.
   */
  async open(app: CachedApp, enckey: string | null): Promise<KeyAuthSession> {
    const unvalidated = { appId: app.id, enckey, latchkeyToken: null, ended: false };
    if (enckey === null) {
      const until = Math.floor(Date.now() / 1000) + app.sessionIdleSeconds;
      return { id: this.unstoredIds.issue(app.id, until), ...unvalidated, unstoredUntil: until };
    }
    const session: KeyAuthSession = { id: randomHex(SESSION_ID_BYTES), ...unvalidated };
    await this.redis.set(KEY_PREFIX + session.id, JSON.stringify(session), 'EX', app.sessionIdleSeconds);
    return session;
  }

  /**
   * The session `sessionId` of the app (ended ones too), or null when unknown
   * or expired. A bound one may come from memory (`remembered`); `latest`
   * reads Redis, for calls that change the session or that doubt the copy.
   */
  async find(
    app: CachedApp,
    sessionId: string | undefined,
    { latest = false }: { latest?: boolean } = {},
  ): Promise<KeyAuthSession | null> {
    if (sessionId === undefined) return null;
    const unstored = this.unstoredIds.isUnstored(sessionId);
    if (!unstored && !SESSION_ID_PATTERN.test(sessionId)) return null;
    const copy = latest ? undefined : this.remembered.get(sessionId);
    if (copy?.appId === app.id) return { ...copy, remembered: true };
    const stored = await this.redis.get(KEY_PREFIX + sessionId);
    // An unstored id has a record once bound or ended; until then the id itself is the session.
    if (stored === null && unstored) return this.unstoredSession(app, sessionId);
    const session = stored === null ? null : (JSON.parse(stored) as KeyAuthSession);
    if (session?.appId !== app.id) return null;
    if (session.latchkeyToken !== null && !session.ended) this.remembered.set(session.id, session);
    else this.remembered.delete(session.id);
    return session;
  }

  /** Validates the session: bound from now on to the Latchkey session of `latchkeyToken`. */
  async bind(app: CachedApp, session: KeyAuthSession, latchkeyToken: string): Promise<void> {
    const bound: KeyAuthSession = {
      id: session.id,
      appId: session.appId,
      enckey: session.enckey,
      latchkeyToken,
      ended: false,
    };
    await this.redis.set(KEY_PREFIX + session.id, JSON.stringify(bound), 'EX', app.sessionTtlSeconds);
    this.remembered.set(session.id, bound);
  }

  /** Ends the session; its record stays until the session would have expired (see `ended`). */
  async end(session: KeyAuthSession): Promise<void> {
    this.remembered.delete(session.id);
    const ended: KeyAuthSession = {
      id: session.id,
      appId: session.appId,
      enckey: session.enckey,
      latchkeyToken: null,
      ended: true,
    };
    const record = JSON.stringify(ended);
    if (session.unstoredUntil === undefined) {
      await this.redis.set(KEY_PREFIX + session.id, record, 'KEEPTTL');
      return;
    }
    const left = session.unstoredUntil - Math.floor(Date.now() / 1000);
    if (left > 0) await this.redis.set(KEY_PREFIX + session.id, record, 'EX', left);
  }

  private unstoredSession(app: CachedApp, sessionId: string): KeyAuthSession | null {
    const until = this.unstoredIds.expiryOf(app.id, sessionId);
    if (until === null) return null;
    return { id: sessionId, appId: app.id, enckey: null, latchkeyToken: null, ended: false, unstoredUntil: until };
  }
}
