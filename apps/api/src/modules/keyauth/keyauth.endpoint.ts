import { Injectable, Logger } from '@nestjs/common';
import type { ClientUser, SessionResult } from '@latchkey/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../common/errors.js';
import { findHostileInput } from '../../common/input/hostile-input.js';
import { AppCredentialsCache } from '../apps/app-credentials.cache.js';
import { BlacklistService } from '../blacklist/blacklist.service.js';
import { ClientService } from '../client/client.service.js';
import { ClientRateLimiter } from '../rate-limit/client-rate-limiter.js';
import { ActivatedKeys } from './activated-keys.js';
import { KeyAuthAppStats } from './keyauth-app-stats.js';
import { keyauthMessage, subscriptionName } from './keyauth-app.js';
import { KeyAuthAppsCache } from './keyauth-apps.cache.js';
import { type KeyAuthAnswer, type KeyAuthCall, KeyAuthRefusal, sendAnswer } from './keyauth-call.js';
import { KeyAuthSessionCalls } from './keyauth-session-calls.js';
import { recordKeyAuthCall, type KeyAuthOutcome } from './keyauth-metrics.js';
import { KeyAuthSessions, type KeyAuthSession } from './keyauth-sessions.js';
import {
  ENCKEY_MAX,
  inKeyAuthFieldNames,
  isServedType,
  KEYAUTH_FAILURE,
  KEYAUTH_INVALID,
  KeyAuthText,
  NOT_OFFERED_TYPES,
  requestFields,
  type SessionGatedType,
  versionOfPath,
} from './keyauth-wire.js';

/** The types that bind or end their session: they read it from Redis, never from a process's copy. */
const SESSION_CHANGING_TYPES = new Set(['register', 'login', 'license', 'logout']);

/** KeyAuth's lifetime subscription: about 27.4 years from now (10,000 days), as KeyAuth answers it. */
const LIFETIME_SECONDS = 10_000 * 86_400;

const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * `/api/1.3/` and `/api/1.2/`: KeyAuth's wire protocol in front of the
 * client endpoint's services (../shared/spec/keyauth-compat.md). It finds the
 * app by `ownerid` + `name`, maps each KeyAuth type onto a `/v1` request
 * (ClientService.dispatchForApp), so every rule is the one `/v1` applies, and
 * writes the answer as KeyAuth clients expect it, signed.
 */
@Injectable()
export class KeyAuthEndpoint {
  private readonly logger = new Logger('KeyAuthEndpoint');

  constructor(
    private readonly keyauthApps: KeyAuthAppsCache,
    private readonly apps: AppCredentialsCache,
    private readonly client: ClientService,
    private readonly sessions: KeyAuthSessions,
    private readonly stats: KeyAuthAppStats,
    private readonly blacklist: BlacklistService,
    private readonly rateLimiter: ClientRateLimiter,
    private readonly sessionCalls: KeyAuthSessionCalls,
    private readonly activatedKeys: ActivatedKeys,
  ) {}

  async handle(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const version = versionOfPath(request.url);
    const fields = requestFields(request.query, request.body);
    const ownerId = fields.get('ownerid');
    const name = fields.get('name');
    const keyauth = version && ownerId && name ? await this.keyauthApps.get(ownerId, name) : null;
    const app =
      version && keyauth?.enabled && keyauth.versions.includes(version) ? await this.apps.get(keyauth.appId) : null;
    if (!version || !keyauth || !app || (version === '1.2' && keyauth.secret === null)) {
      reply.status(200).header('content-type', 'text/plain; charset=utf-8').send(KEYAUTH_INVALID);
      recordKeyAuthCall(version ?? 'unknown', fields.get('type'), 'refused', reply.elapsedTime);
      return;
    }
    const origin = request.host ? `${request.protocol}://${request.host}` : null;
    const call: KeyAuthCall = { version, keyauth, app, fields, ip: request.ip, origin, enckey: null };
    let answer: KeyAuthAnswer;
    let outcome: KeyAuthOutcome;
    try {
      answer = await this.serve(call);
      outcome = answer.success ? 'ok' : 'refused';
    } catch (err) {
      answer = this.failure(call, err);
      const ours = !(err instanceof KeyAuthRefusal || err instanceof AppError);
      outcome = answer.status === 429 ? 'rate_limited' : ours ? 'error' : 'refused';
    }
    await sendAnswer(reply, call, answer);
    recordKeyAuthCall(version, fields.get('type'), outcome, reply.elapsedTime);
  }

  private async serve(call: KeyAuthCall): Promise<KeyAuthAnswer> {
    const { app, fields } = call;
    const hostile = findHostileInput(Object.fromEntries(fields));
    if (hostile) throw new KeyAuthRefusal(hostile.message);
    const type = fields.get('type');
    if (type === undefined) throw new KeyAuthRefusal(KeyAuthText.missingType);
    if (NOT_OFFERED_TYPES.has(type)) throw new KeyAuthRefusal(KeyAuthText.notOffered(type));
    if (!isServedType(type)) throw new KeyAuthRefusal(KeyAuthText.unknownType);
    if (!app.enabled) throw new AppError('APP_DISABLED');
    if (type === 'init') return this.init(call);

    // Calls that rebind or end the session read it from Redis; the others may use this process's copy.
    const latest = SESSION_CHANGING_TYPES.has(type);
    const session = await this.sessions.find(app, fields.get('sessionid'), { latest });
    call.enckey = session?.enckey ?? null;
    if (!session || session.ended) throw new KeyAuthRefusal(KeyAuthText.sessionNotFound);
    switch (type) {
      case 'register':
      case 'login':
      case 'license':
        return this.authenticate(call, session, type);
      case 'upgrade':
        await this.client.upgradeByUsername(
          app,
          { username: fields.get('username'), licenseKey: fields.get('key') },
          call.ip,
        );
        return { success: true, message: KeyAuthText.upgraded };
      case 'checkblacklist': {
        const blocked = await this.blacklist.isBlocked(app.id, {
          ip: call.ip,
          hwid: fields.get('hwid') ?? null,
          username: null,
        });
        return { success: blocked, message: blocked ? KeyAuthText.blacklisted : KeyAuthText.notBlacklisted };
      }
      case 'fetchStats':
        return {
          success: true,
          message: KeyAuthText.statsFetched,
          fields: { appinfo: await this.stats.appInfo(app) },
        };
      case 'logout':
        if (session.latchkeyToken !== null) await this.endLatchkeySession(call, session.latchkeyToken);
        await this.sessions.end(session);
        return { success: true, message: KeyAuthText.loggedOut };
      default:
        return this.sessionCallOnLatestBinding(call, session, type);
    }
  }

  /**
   * A session-gated call; when a remembered copy's Latchkey session is refused,
   * the binding may have moved on in another process: read it again and retry once.
   */
  private async sessionCallOnLatestBinding(
    call: KeyAuthCall,
    session: KeyAuthSession,
    type: SessionGatedType,
  ): Promise<KeyAuthAnswer> {
    try {
      return await this.sessionCalls.serve(call, validatedToken(call, session), type);
    } catch (err) {
      const refusedToken = err instanceof AppError && err.code === 'INVALID_SESSION';
      if (!session.remembered || !refusedToken) throw err;
      const latest = await this.sessions.find(call.app, session.id, { latest: true });
      if (!latest || latest.ended) throw new KeyAuthRefusal(KeyAuthText.sessionNotFound);
      if (latest.latchkeyToken === session.latchkeyToken) throw err;
      return this.sessionCalls.serve(call, validatedToken(call, latest), type);
    }
  }

  /** Opens an unvalidated session, after the checks `/v1` makes before serving anything. */
  private async init(call: KeyAuthCall): Promise<KeyAuthAnswer> {
    const { app, keyauth, fields, ip } = call;
    if (await this.blacklist.isBlocked(app.id, { ip, hwid: null, username: null })) {
      throw new AppError('ACCESS_DENIED');
    }
    // Unlike `/v1` init, this one makes state (a session in Redis): limited like an authentication.
    await this.rateLimiter.consume(app, ip);
    // One version field (issue 41): the app's, which `/v1` init reports too.
    if (keyauth.checkVersion && fields.get('ver') !== app.version) {
      return { success: false, message: KeyAuthText.invalidVersion, fields: { download: keyauth.downloadUrl ?? '' } };
    }
    const enckey = call.version === '1.2' ? (fields.get('enckey') ?? null) : null;
    if (enckey !== null && enckey.length > ENCKEY_MAX) {
      throw new KeyAuthRefusal(`enckey must be at most ${ENCKEY_MAX} characters`);
    }
    const session = await this.sessions.open(app, enckey);
    return {
      success: true,
      message: KeyAuthText.initialized,
      fields: {
        sessionid: session.id,
        newSession: true,
        appinfo: await this.stats.appInfo(app),
      },
    };
  }

  /** register, login, license: a Latchkey session opened by `/v1`'s rules, then bound to the KeyAuth session. */
  private async authenticate(
    call: KeyAuthCall,
    session: KeyAuthSession,
    type: 'register' | 'login' | 'license',
  ): Promise<KeyAuthAnswer> {
    const { fields } = call;
    const hwid = fields.get('hwid');
    const requests = {
      register: {
        type,
        username: fields.get('username'),
        password: fields.get('pass'),
        licenseKey: fields.get('key'),
        hwid,
      },
      login: { type, username: fields.get('username'), password: fields.get('pass'), hwid },
      license: { type, licenseKey: fields.get('key'), hwid },
    };
    const result = await this.client.dispatchForApp(call.app, requests[type], call.ip, call.origin);
    const opened = result.data as SessionResult;
    // A session validated again drops the Latchkey session it had, which would hold a device slot until idle.
    if (session.latchkeyToken !== null) await this.endLatchkeySession(call, session.latchkeyToken);
    await this.sessions.bind(call.app, session, opened.sessionToken);
    return {
      success: true,
      message: keyauthMessage(call.keyauth, 'loggedInMsg'),
      fields: { info: this.userInfo(call, opened.user, await this.keyOf(call, type, opened.user)) },
    };
  }

  /** The subscription's key: the one sent (register, license) or, for a login, the one the user activated last. */
  private async keyOf(call: KeyAuthCall, type: 'register' | 'login' | 'license', user: ClientUser) {
    if (type !== 'login') return call.fields.get('key') ?? null;
    return this.activatedKeys.lastOf(call.app.id, user.userId);
  }

  /** Ends a bound Latchkey session; one that already ended (evicted, timed out) is what was wanted. */
  private async endLatchkeySession(call: KeyAuthCall, sessionToken: string): Promise<void> {
    try {
      await this.client.dispatchForApp(call.app, { type: 'logout', sessionToken }, call.ip, call.origin);
    } catch (err) {
      if (!(err instanceof AppError && err.code === 'INVALID_SESSION')) throw err;
    }
  }

  /** KeyAuth's `info` of an authenticated user, with one subscription: the user's level and expiry. */
  private userInfo(call: KeyAuthCall, user: ClientUser, key: string | null) {
    const now = unixSeconds(new Date());
    const expiry = user.expiresAt === null ? now + LIFETIME_SECONDS : unixSeconds(new Date(user.expiresAt));
    return {
      username: user.username,
      ip: call.ip,
      hwid: user.hwid,
      createdate: String(unixSeconds(new Date(user.createdAt))),
      lastlogin: String(unixSeconds(new Date(user.lastLoginAt ?? user.createdAt))),
      subscriptions: [
        {
          subscription: subscriptionName(call.keyauth, user.level),
          key,
          expiry: String(expiry),
          timeleft: Math.max(0, expiry - now),
          level: String(user.level),
        },
      ],
    };
  }

  /** A refusal in KeyAuth's words: the app's replacement of the message, or KeyAuth's default. */
  private failure(call: KeyAuthCall, err: unknown): KeyAuthAnswer {
    if (err instanceof KeyAuthRefusal) return { success: false, message: err.message };
    if (err instanceof AppError) {
      if (err.code === 'TOO_MANY_REQUESTS') {
        return {
          success: false,
          message: KeyAuthText.tooManyRequests,
          status: 429,
          retryAfterSeconds: err.retryAfterSeconds,
        };
      }
      const name = KEYAUTH_FAILURE[err.code];
      if (name) return { success: false, message: keyauthMessage(call.keyauth, name) };
      if (err.code === 'INVALID_SESSION') return { success: false, message: KeyAuthText.sessionNotFound };
      const message = err.code === 'VALIDATION' ? inKeyAuthFieldNames(err.message) : err.message;
      return { success: false, message };
    }
    this.logger.error(err);
    return { success: false, message: KeyAuthText.unavailable };
  }
}

/** The Latchkey token of a validated session; an unvalidated one is refused in the app's KeyAuth words. */
function validatedToken(call: KeyAuthCall, session: KeyAuthSession): string {
  if (session.latchkeyToken === null) throw new KeyAuthRefusal(keyauthMessage(call.keyauth, 'sessionunauthed'));
  return session.latchkeyToken;
}
