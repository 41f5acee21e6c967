import { Injectable } from '@nestjs/common';
import { ClientMessage, usernameKey, type ClientUser, type SessionResult } from '@latchkey/contracts';
import { AppError } from '../../common/errors.js';
import { PasswordHasher } from '../../common/password-hasher.js';
import { PreparedStatements } from '../../common/prepared-statements.js';
import type { CachedApp } from '../apps/app-credentials.cache.js';
import { AuditService } from '../audit/audit.service.js';
import { domainEvent, EventsService } from '../events/events.service.js';
import { durationEnd, extendExpiry } from '../licenses/license-key.js';
import {
  activateLicense,
  expireUserLicenses,
  lockLicenseByKey,
  unredeemableKey,
} from '../licenses/license-lifecycle.js';
import { newSession, SessionOpening, type SessionAdmission } from '../sessions/session-opening.js';
import { applyKeyToUser, replacePasswordHash } from '../users/user-writes.js';
import { clientAuthSuccess } from './client-audit.js';
import type { ClientContext, ClientResult, OpeningCall } from './client-context.js';
import { LICENSE_LOOKUP, CLIENT_USER_COLUMNS, LOGIN_USER_LOOKUP, lockUserForUpgrade } from './client-auth.queries.js';
import type { LicenseWithUserRow, LoginUserRow } from './client.rows.js';
import type { ClientUserRow } from '../users/users.queries.js';
import { refuseBannedUser } from './ban-rules.js';
import { toSessionResult } from './session-results.js';
import { toClientUser } from '../users/user-views.js';
import type { LicenseDto, LoginDto, RegisterDto, UpgradeDto, UsernameUpgradeDto } from './client.dto.js';
import { hwidDecision } from './hwid.js';
import { LicenseUserCache } from './license-user.cache.js';
import { FirstActivation } from './first-activation.js';
import { Registration, type NewUserCall } from './registration.js';

/**
 * register, login, license and upgrade: the client types that authenticate a
 * user. Each follows the contract's order of checks; the steps live with
 * their owners (a key's lifecycle in licenses, the user insert in users,
 * opening a session in sessions) and run in one transaction, or one
 * statement, with their events and audit entries.
 */
@Injectable()
export class ClientAuthService {
  private readonly licenseUsers = new LicenseUserCache();

  constructor(
    private readonly passwords: PasswordHasher,
    private readonly events: EventsService,
    private readonly audit: AuditService,
    private readonly sql: PreparedStatements,
    private readonly sessions: SessionOpening,
    private readonly registration: Registration,
    private readonly firstActivation: FirstActivation,
  ) {}

  async register({ app, ip, body }: ClientContext<RegisterDto>): Promise<ClientResult> {
    const passwordHash = await this.passwords.hash(body.password);
    const call: NewUserCall = { app, ip, hwid: body.hwid ?? null, type: 'register', actor: body.username };
    const result = await this.events.transaction(async (manager, emit) => {
      const license = await lockLicenseByKey(manager, app.id, body.licenseKey);
      if (license.status !== 'UNUSED') throw unredeemableKey(license);
      const user = await this.registration.redeem(manager, emit, call, { license, passwordHash });
      if (!user) throw new AppError('USERNAME_TAKEN');
      emit(
        domainEvent('user.register', app.id, {
          userId: user.userId,
          username: body.username,
          licenseKey: license.key,
          ip,
          appId: app.id,
        }),
      );
      return this.registration.openFirstSession(manager, emit, call, user);
    });
    return { message: ClientMessage.registered, data: result };
  }

  async login({ app, ip, body }: ClientContext<LoginDto>): Promise<ClientResult> {
    const hwid = body.hwid ?? null;
    // A ban, expiry or HWID bound between the lookup and the lock sends the
    // call round once more, so the answer reflects the latest state.
    for (let attempt = 0; ; attempt += 1) {
      const user =
        attempt === 0
          ? await this.checkPassword(app, body.username, body.password)
          : (await this.findUser(app, body.username))[0];
      if (!user) throw new AppError('INVALID_USER_LOGIN');
      refuseBannedUser({ userBanned: user.banned, holdsBannedLicense: user.license_banned });
      const admission = await this.admit(app, user, { hwid, licenseId: null });
      const opened = await this.openSession({ app, ip, hwid, type: 'login', actor: body.username }, admission, attempt);
      if (opened) return { message: ClientMessage.loggedIn, data: opened };
    }
  }

  async license({ app, ip, body }: ClientContext<LicenseDto>): Promise<ClientResult> {
    const hwid = body.hwid ?? null;
    const key = body.licenseKey.trim();
    const call = { app, ip, hwid, type: 'license' as const, actor: key };
    const known = this.licenseUsers.get(app.id, key);
    if (known) {
      // One round trip: open_session re-checks everything the full path would.
      const decision = hwidDecision({ hwidLock: app.hwidLock, stored: known.hwid, sent: hwid });
      if (decision.allowed) {
        const admission = {
          userId: known.userId,
          username: key,
          expectedHwid: known.hwid,
          storeHwid: decision.store,
          licenseId: known.licenseId,
        };
        const opened = await this.openSession(call, admission, 0);
        if (opened) {
          // The entry itself is kept when unchanged: a copy per call lives until the key's next call, long
          // enough to be promoted to V8's old generation, whose collections pause every request in flight.
          const entry = opened.user.hwid === known.hwid ? known : { ...known, hwid: opened.user.hwid };
          this.licenseUsers.set(app.id, key, entry);
          return { message: ClientMessage.authenticated, data: opened };
        }
      }
      this.licenseUsers.delete(app.id, key);
    }
    for (let attempt = 0; ; attempt += 1) {
      if (attempt > 2) throw new Error('key kept changing while it was used');
      const rows = await this.sql.rows<LicenseWithUserRow>('client-license', LICENSE_LOOKUP, [app.id, key]);
      const license = rows[0];
      if (!license) throw new AppError('LICENSE_NOT_FOUND');
      if (license.status === 'BANNED') throw new AppError('LICENSE_BANNED');
      if (license.status === 'UNUSED') {
        const activated = await this.firstActivation.activate(call, license);
        if (activated) return { message: ClientMessage.authenticated, data: activated };
        continue; // someone else activated it meanwhile: authenticate as its user
      }
      // A key redeemed by `register` belongs to that account: it cannot also log in on its own.
      if (!license.user_id || license.username !== license.key) throw unredeemableKey(license);
      refuseBannedUser({ userBanned: license.banned, holdsBannedLicense: license.user_license_banned });
      const user: ClientUserRow = {
        id: license.user_id,
        username: license.username,
        hwid: license.hwid,
        level: license.user_level,
        expires_at: license.user_expires_at,
        created_at: license.user_created_at,
        last_login_at: license.last_login_at,
      };
      const admission = await this.admit(app, user, { hwid, licenseId: license.id });
      const opened = await this.openSession({ ...call, actor: license.key }, admission, attempt);
      if (opened) {
        this.licenseUsers.set(app.id, key, { licenseId: license.id, userId: license.user_id, hwid: opened.user.hwid });
        return { message: ClientMessage.authenticated, data: opened };
      }
    }
  }

  /**
   * Redeems an UNUSED key for an existing user whose password matches: the
   * level becomes the higher of the user's and the key's (an upgrade never
   * lowers it), the duration is added to max(now, expiry).
   */
  async upgrade({ app, ip, body }: ClientContext<UpgradeDto>): Promise<ClientResult> {
    // The password is checked before any lock is taken, at the same cost as `login` whether or not the user exists.
    const candidate = await this.checkPassword(app, body.username, body.password);
    const user = await this.redeemForUser(app, ip, { userId: candidate.id, actor: body.username }, body.licenseKey);
    return { message: ClientMessage.upgraded, data: { user: toClientUser(user) satisfies ClientUser } };
  }

  /**
   * KeyAuth's `upgrade`: the key redeemed onto the user named, with no
   * password (KeyAuth clients send none). Answers nothing about the user.
   */
  async upgradeByUsername({ app, ip, body }: ClientContext<UsernameUpgradeDto>): Promise<ClientResult> {
    const [user] = await this.findUser(app, body.username);
    if (!user) throw new AppError('INVALID_USER_LOGIN');
    await this.redeemForUser(app, ip, { userId: user.id, actor: body.username }, body.licenseKey);
    return { message: ClientMessage.upgraded, data: {} };
  }

  /**
   * Redeems an UNUSED key for an existing user: the level becomes the higher
   * of the user's and the key's (an upgrade never lowers it), the duration is
   * added to max(now, expiry).
   */
  private async redeemForUser(
    app: CachedApp,
    ip: string,
    { userId, actor }: { userId: string; actor: string },
    licenseKey: string,
  ): Promise<ClientUserRow> {
    return this.events.transaction(async (manager, emit) => {
      const found = await lockUserForUpgrade(manager, userId);
      if (!found) throw new AppError('INVALID_USER_LOGIN');
      refuseBannedUser({ userBanned: found.banned, holdsBannedLicense: found.license_banned });
      const license = await lockLicenseByKey(manager, app.id, licenseKey);
      if (license.status !== 'UNUSED') throw unredeemableKey(license);
      const activatedAt = new Date();
      const expiresAt = durationEnd(license.duration_type, activatedAt, license.extra_days);
      await activateLicense(manager, emit, { appId: app.id, license, userId: found.id, activatedAt, expiresAt });
      const updated = await applyKeyToUser<ClientUserRow>(
        manager,
        {
          userId: found.id,
          level: license.level,
          expiresAt: extendExpiry(found.expires_at, license.duration_type, activatedAt, license.extra_days),
          licenseId: license.id,
        },
        CLIENT_USER_COLUMNS,
      );
      await this.audit.write(manager, [
        clientAuthSuccess({ appId: app.id, type: 'upgrade', actor, ip, userId: found.id, sessionId: null }),
      ]);
      return updated;
    });
  }

  /**
   * The user `username` if `password` is theirs; one bcrypt comparison
   * whether or not the user exists (or has a password), so a failure reveals
   * nothing. A legacy hash that matches is replaced.
   */
  private async checkPassword(app: CachedApp, username: string, password: string): Promise<LoginUserRow> {
    const user = (await this.findUser(app, username))[0];
    const stored = user?.password_hash;
    const valid = await this.passwords.verify(
      password,
      stored,
      user && ((hash) => replacePasswordHash(this.sql, { userId: user.id, stored, rehashed: hash })),
    );
    if (!user || !valid) throw new AppError('INVALID_USER_LOGIN');
    return user;
  }

  /**
   * The user named `username` in any ASCII case, by its canonical form; the
   * DTO has checked the name, so usernameKey is never null here.
   */
  private findUser(app: CachedApp, username: string): Promise<LoginUserRow[]> {
    return this.sql.rows<LoginUserRow>('client-login-user', LOGIN_USER_LOOKUP, [app.id, usernameKey(username)]);
  }

  /**
   * The checks a known user passes before a session opens: subscription not
   * expired (else its licenses expire, once) and the HWID rules.
   */
  private async admit(
    app: CachedApp,
    user: ClientUserRow,
    { hwid, licenseId }: { hwid: string | null; licenseId: string | null },
  ): Promise<SessionAdmission> {
    const expiredAt = user.expires_at;
    if (expiredAt && expiredAt.getTime() <= Date.now()) {
      await this.events.transaction((manager, emit) =>
        expireUserLicenses(manager, emit, { appId: app.id, userId: user.id, expiredAt }),
      );
      throw new AppError('LICENSE_EXPIRED');
    }
    const decision = hwidDecision({ hwidLock: app.hwidLock, stored: user.hwid, sent: hwid });
    if (!decision.allowed) throw new AppError('HWID_MISMATCH');
    return { userId: user.id, username: user.username, expectedHwid: user.hwid, storeHwid: decision.store, licenseId };
  }

  /**
   * Opens a session with its events and audit entry in one statement. Null
   * when the user changed since it was checked (the caller checks again).
   */
  private async openSession(
    call: OpeningCall,
    admission: SessionAdmission,
    attempt: number,
  ): Promise<SessionResult | null> {
    if (attempt > 2) throw new Error('user kept changing while a session was opened');
    const { app, ip, hwid, type, actor } = call;
    const request = { app, ip, hwid, session: newSession(app), admission };
    const audit = clientAuthSuccess({
      appId: app.id,
      type,
      actor,
      ip,
      userId: admission.userId,
      sessionId: request.session.id,
    });
    const opened = await this.sessions.open(request, [audit]);
    return opened ? toSessionResult(request, opened) : null;
  }
}
