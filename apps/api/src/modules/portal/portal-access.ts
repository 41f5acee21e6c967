import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  customerEmailKey,
  PORTAL_TOKEN_PREFIX,
  PortalLimits,
  PortalMessage,
  usernameKey,
  type PortalSignInMethod,
  type PortalSignInRequest,
  type PortalSignInResult,
} from '@latchkey/contracts';
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { DataSource } from 'typeorm';
import { randomSecret, sha256 } from '../../common/crypto.js';
import { AppError } from '../../common/errors.js';
import { PasswordHasher } from '../../common/password-hasher.js';
import { sqlRows } from '../../common/sql.js';
import { Config } from '../../config/config.js';
import { AuditService } from '../audit/audit.service.js';
import { BlacklistService } from '../blacklist/blacklist.service.js';
import { RateCounter } from '../rate-limit/rate-counter.js';
import { rateLimitSubject } from '../rate-limit/rate-limit-subject.js';
import { CustomerCodeMailer } from './customer-code-mailer.js';
import {
  EMAIL_HAS_KEYS,
  END_SESSION,
  FIND_SESSION,
  INSERT_CODE,
  INSERT_SESSION,
  KEY_BY_VALUE,
  SETTINGS_BY_PUBLIC_ID,
  TAKE_CODE_ATTEMPT,
  USE_CODE,
  USER_BY_NAME,
  type PortalSessionRow,
  type PortalSettingsRow,
} from './portal.queries.js';

/** A portal's public id: 16 random bytes, base64url. */
const PUBLIC_ID = /^[A-Za-z0-9_-]{22}$/;
/** `lku_` + 32 random bytes, base64url. */
const PORTAL_TOKEN = /^lku_[A-Za-z0-9_-]{43}$/;

/** Who a portal session is: one key, one user, or the keys of one email. */
type Scope = { licenseId: string | null; userId: string | null; email: string | null };

/**
 * Signing in to the portal and the sessions it opens. Every refused sign-in
 * answers PORTAL_SIGN_IN_FAILED whatever was wrong (an unknown key, a wrong
 * password, a wrong, used or expired code), after the same work: a password
 * sign-in costs one bcrypt whether or not the user exists. Attempts are
 * counted per client and per key, username or email (RateCounter, shared by
 * every process), before anything is looked up.
 */
@Injectable()
export class PortalAccess {
  private readonly codeKey: Buffer;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly passwords: PasswordHasher,
    private readonly rates: RateCounter,
    private readonly audit: AuditService,
    private readonly blacklist: BlacklistService,
    private readonly mailer: CustomerCodeMailer,
    private readonly config: Config,
  ) {
    this.codeKey = createHmac('sha256', config.masterKey).update('latchkey-portal-codes').digest();
  }

  /** The enabled portal of `publicId`; anything else (unknown, malformed, off) is 404. */
  async portal(publicId: string): Promise<PortalSettingsRow> {
    const [row] = PUBLIC_ID.test(publicId)
      ? await sqlRows<PortalSettingsRow>(this.dataSource, SETTINGS_BY_PUBLIC_ID, [publicId])
      : [];
    if (!row || !row.enabled) throw new AppError('NOT_FOUND');
    return row;
  }

  /** The methods a customer may sign in with: the owner's choice, email only when mail can be sent. */
  methods(portal: PortalSettingsRow): PortalSignInMethod[] {
    return (portal.sign_in_methods as PortalSignInMethod[]).filter((m) => m !== 'email' || this.mailer.available);
  }

  async signIn(publicId: string, request: PortalSignInRequest, ip: string): Promise<PortalSignInResult> {
    const portal = await this.portal(publicId);
    if (!this.methods(portal).includes(request.method)) throw new AppError('VALIDATION', PortalMessage.methodOff);
    const identifier = identifierOf(request);
    await this.countAttempt(portal.app_id, ip, identifier);
    const actor = request.method === 'password' ? request.username! : identifier;
    await this.refuseBlacklistedClient(portal.app_id, ip, actor);
    const scope = (await this.blacklistedName(portal.app_id, ip, request))
      ? ({ found: false, reason: 'blacklisted' } as const)
      : await this.check(portal.app_id, request);
    if (!scope.found) {
      void this.audit.record({
        appId: portal.app_id,
        type: 'portal.sign-in',
        actor,
        ip,
        details: { outcome: 'failure', method: request.method, reason: scope.reason },
      });
      throw new AppError('PORTAL_SIGN_IN_FAILED');
    }
    const token = randomSecret(PORTAL_TOKEN_PREFIX, 32);
    const [session] = await sqlRows<{ id: string; expires_at: Date }>(this.dataSource, INSERT_SESSION, [
      portal.app_id,
      sha256(token),
      request.method,
      scope.licenseId,
      scope.userId,
      scope.email,
      ip,
      PortalLimits.sessionTtlSeconds,
    ]);
    await this.audit.record({
      appId: portal.app_id,
      type: 'portal.sign-in',
      actor,
      ip,
      details: { outcome: 'success', method: request.method, portalSessionId: session!.id },
    });
    return { token, expiresAt: session!.expires_at.toISOString() };
  }

  /** Sends a code when the email has keys in the app; the answer is the same either way. */
  async requestCode(publicId: string, email: string, ip: string): Promise<{ message: string }> {
    const portal = await this.portal(publicId);
    if (!this.methods(portal).includes('email')) throw new AppError('VALIDATION', PortalMessage.emailUnavailable);
    const key = customerEmailKey(email);
    await this.countAttempt(portal.app_id, ip, `code:${key}`);
    await this.refuseBlacklistedClient(portal.app_id, ip, key);
    const [{ found }] = (await sqlRows<{ found: boolean }>(this.dataSource, EMAIL_HAS_KEYS, [portal.app_id, key])) as [
      { found: boolean },
    ];
    if (found) {
      const code = String(randomInt(10 ** PortalLimits.codeLength)).padStart(PortalLimits.codeLength, '0');
      await sqlRows(this.dataSource, INSERT_CODE, [
        portal.app_id,
        key,
        this.codeHash(portal.app_id, key, code),
        PortalLimits.codeTtlSeconds,
      ]);
      void this.mailer.send(key, portal.display_name ?? portal.app_name, code);
      void this.audit.record({ appId: portal.app_id, type: 'portal.email-code', actor: key, ip, details: {} });
    }
    return { message: PortalMessage.codeSent };
  }

  /** The live session of `authorization` (`Bearer lku_...`) in this portal; 401 otherwise. */
  async authenticate(publicId: string, authorization: string | undefined): Promise<PortalSessionRow> {
    const match = /^Bearer\s+(\S{1,512})\s*$/i.exec(authorization ?? '');
    const token = match?.[1];
    const [session] =
      token && PORTAL_TOKEN.test(token) && PUBLIC_ID.test(publicId)
        ? await sqlRows<PortalSessionRow>(this.dataSource, FIND_SESSION, [sha256(token), publicId])
        : [];
    if (!session) throw new AppError('UNAUTHORIZED');
    return session;
  }

  async signOut(session: PortalSessionRow): Promise<void> {
    await sqlRows(this.dataSource, END_SESSION, [session.id]);
  }

  /**
   * A client address on the app's blacklist is refused as `/v1` refuses it
   * (403 ACCESS_DENIED): it says nothing of any key, user or email.
   */
  private async refuseBlacklistedClient(appId: string, ip: string, actor: string): Promise<void> {
    if (!(await this.blacklist.isBlocked(appId, { ip }))) return;
    void this.audit.record({
      appId,
      type: 'portal.sign-in',
      actor,
      ip,
      details: { outcome: 'failure', reason: 'blacklisted address' },
    });
    throw new AppError('ACCESS_DENIED');
  }

  /**
   * Whether the username, or the key (a key signs in to `/v1` as a user named
   * after it), is on the app's blacklist: refused with the uniform sign-in
   * failure, so a guess learns nothing of what the blacklist holds.
   */
  private async blacklistedName(appId: string, ip: string, request: PortalSignInRequest): Promise<boolean> {
    const username =
      request.method === 'password' ? request.username! : request.method === 'key' ? request.key!.trim() : null;
    return username !== null && (await this.blacklist.isBlocked(appId, { ip, username }));
  }

  private async countAttempt(appId: string, ip: string, identifier: string): Promise<void> {
    const perClient = this.config.PORTAL_RATE_LIMIT_PER_MINUTE;
    const perAccount = this.config.PORTAL_ACCOUNT_RATE_LIMIT_PER_MINUTE;
    if (perClient > 0) await this.rates.count('portal-client', `portal:client:${rateLimitSubject(ip)}`, perClient);
    if (perAccount > 0) {
      // The identifier's hash: keys and emails are not kept in Redis as typed.
      const id = sha256(`${appId}:${identifier}`).toString('base64url');
      await this.rates.count('portal-account', `portal:account:${id}`, perAccount);
    }
  }

  /** Whether the credentials hold, and what the session they open reaches. */
  private async check(
    appId: string,
    request: PortalSignInRequest,
  ): Promise<({ found: true } & Scope) | { found: false; reason: string }> {
    const none = { licenseId: null, userId: null, email: null };
    if (request.method === 'key') {
      const [row] = await sqlRows<{ id: string }>(this.dataSource, KEY_BY_VALUE, [appId, request.key!.trim()]);
      return row ? { found: true, ...none, licenseId: row.id } : { found: false, reason: 'unknown key' };
    }
    if (request.method === 'password') {
      const name = usernameKey(request.username!);
      const [row] = name
        ? await sqlRows<{ id: string; password_hash: string | null }>(this.dataSource, USER_BY_NAME, [appId, name])
        : [];
      // One bcrypt whether or not the user exists (a key's own user has no password).
      const valid = await this.passwords.verify(request.password!, row?.password_hash);
      return row && valid
        ? { found: true, ...none, userId: row.id }
        : { found: false, reason: 'wrong username or password' };
    }
    const email = customerEmailKey(request.email!);
    const [attempt] = await sqlRows<{ id: string; code_hash: Buffer }>(this.dataSource, TAKE_CODE_ATTEMPT, [
      appId,
      email,
      PortalLimits.codeAttempts,
    ]);
    const presented = this.codeHash(appId, email, request.code!);
    if (!attempt || !timingSafeEqual(presented, attempt.code_hash)) return { found: false, reason: 'wrong code' };
    const [used] = await sqlRows(this.dataSource, USE_CODE, [attempt.id]);
    if (!used) return { found: false, reason: 'wrong code' };
    return { found: true, ...none, email };
  }

  /** A code as stored: HMAC under a key derived from MASTER_KEY, so a database dump alone cannot try codes. */
  private codeHash(appId: string, email: string, code: string): Buffer {
    return createHmac('sha256', this.codeKey).update(`${appId}\n${email}\n${code}`).digest();
  }
}

/** What the per-account limit counts: the key, the canonical username or the email. */
function identifierOf(request: PortalSignInRequest): string {
  if (request.method === 'key') return `key:${request.key!.trim()}`;
  if (request.method === 'password') return `user:${usernameKey(request.username!) ?? request.username!}`;
  return `email:${customerEmailKey(request.email!)}`;
}
