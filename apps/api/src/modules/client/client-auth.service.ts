import { Injectable } from '@nestjs/common';
import {
  ClientMessage,
  type ClientUser,
  type DurationType,
  type LicenseStatus,
  type SessionResult,
} from '@latchkey/contracts';
import bcrypt from 'bcrypt';
import type { EntityManager } from 'typeorm';
import { Config } from '../../config/config.js';
import { AppError } from '../../common/errors.js';
import { PreparedStatements } from '../../common/prepared-statements.js';
import { sqlRows } from '../../common/sql.js';
import type { CachedApp } from '../apps/app-credentials.cache.js';
import { AuditService, type AuditRecord } from '../audit/audit.service.js';
import { domainEvent, EventsService, type DomainEvent, type Emit } from '../events/events.service.js';
import { durationEnd, extendExpiry } from '../licenses/license-key.js';
import type { ClientContext, ClientResult } from './client-context.js';
import {
  newSession,
  sessionEnd,
  sessionResult,
  toClientUser,
  type NewSession,
  type UserRow,
} from './client-sessions.js';
import type { LicenseDto, LoginDto, RegisterDto, UpgradeDto } from './client.dto.js';
import { hwidDecision } from './hwid.js';
import { LicenseUserCache } from './license-user.cache.js';

interface LoginUserRow extends UserRow {
  password_hash: string | null;
  banned: boolean;
  license_banned: boolean;
}

interface LicenseRow {
  id: string;
  key: string;
  status: LicenseStatus;
  duration_type: DurationType;
  level: number;
  max_devices: number;
  user_id: string | null;
}

interface LicenseWithUserRow extends LicenseRow {
  username: string | null;
  hwid: string | null;
  user_level: number;
  user_expires_at: Date | null;
  user_created_at: Date;
  last_login_at: Date | null;
  banned: boolean;
  /** any license of the key's user is BANNED */
  user_license_banned: boolean;
}

interface OpenedRow {
  session_created_at: Date;
  username: string;
  level: number;
  hwid: string | null;
  user_expires_at: Date | null;
  user_created_at: Date;
  last_login_at: Date | null;
  delivery_ids?: string[];
}

/** What a login-like call decided about the user before opening a session. */
interface Admission {
  userId: string;
  username: string;
  /** the HWID seen at lookup; the session opens only if it is still the same under the lock */
  expectedHwid: string | null;
  storeHwid: boolean;
  /** for key logins: the key must still be this user's and not banned when the session opens */
  licenseId: string | null;
}

const SESSION_PARAMS = '$1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12';

const LOGIN_USER_LOOKUP = `SELECT u.id, u.username, u.password_hash, u.hwid, u.level, u.expires_at, u.banned,
    u.created_at, u.last_login_at,
    holds_banned_license(u.id) AS license_banned
  FROM users u WHERE u.app_id = $1 AND lower(u.username) = lower($2)`;

const LICENSE_LOOKUP = `SELECT l.id, l.key, l.status, l.duration_type, l.level, l.max_devices, l.user_id,
    u.username, u.hwid, u.level AS user_level, u.expires_at AS user_expires_at,
    u.created_at AS user_created_at, u.last_login_at, u.banned,
    holds_banned_license(l.user_id) AS user_license_banned
  FROM licenses l LEFT JOIN users u ON u.id = l.user_id
 WHERE l.app_id = $1 AND l.key = $2`;

/**
 * register, login, license and upgrade: the client types that authenticate a
 * user. Each follows the contract's order of checks and records its events in
 * the same transaction (or single statement) as its change.
 */
@Injectable()
export class ClientAuthService {
  /** Compared against when a login names no password-holding user, so every failure costs one bcrypt. */
  private readonly dummyHash: Promise<string>;
  /**
   * Opens a session and records `user.login`, `session.create` and the audit
   * entry in one statement: $1-$12 open_session's, $13 the events, $14 the audit entry.
   */
  private readonly openSessionSql: string;
  private readonly licenseUsers = new LicenseUserCache();

  constructor(
    private readonly config: Config,
    private readonly events: EventsService,
    private readonly audit: AuditService,
    private readonly sql: PreparedStatements,
  ) {
    this.dummyHash = bcrypt.hash('latchkey-timing-equaliser', config.BCRYPT_COST);
    const opens = 'EXISTS (SELECT 1 FROM opened)';
    this.openSessionSql = `WITH opened AS MATERIALIZED (SELECT * FROM open_session(${SESSION_PARAMS})),
       ${this.events.recordCte('$13', opens)},
       ${this.audit.recordCte('$14', opens)}
       SELECT o.*, ARRAY(SELECT id FROM recorded_event_deliveries) AS delivery_ids FROM opened o`;
  }

  async register({ app, ip, body }: ClientContext<RegisterDto>): Promise<ClientResult> {
    const passwordHash = await bcrypt.hash(body.password, this.config.BCRYPT_COST);
    const hwid = body.hwid ?? null;
    const session = newSession(app);
    const result = await this.events.transaction(async (manager, emit) => {
      const license = await this.lockLicense(manager, app.id, body.licenseKey);
      if (license.status !== 'UNUSED') throw new AppError('LICENSE_USED');
      const now = new Date();
      const expiresAt = durationEnd(license.duration_type, now);
      const storeHwid = hwidDecision(app.hwidLock, null, hwid).store;
      const userId = await this.insertUser(manager, app.id, {
        username: body.username,
        passwordHash,
        hwid: storeHwid ? hwid : null,
        license,
        expiresAt,
      });
      if (!userId) throw new AppError('USERNAME_TAKEN');
      await this.activate(manager, emit, app, license, userId, now, expiresAt);
      emit(
        domainEvent('user.register', app.id, {
          userId,
          username: body.username,
          licenseKey: license.key,
          ip,
          appId: app.id,
        }),
      );
      const admission: Admission = {
        userId,
        username: body.username,
        expectedHwid: storeHwid ? hwid : null,
        storeHwid: false,
        licenseId: null,
      };
      await this.audit.write(manager, [success(app, 'register', body.username, ip, userId, session.id)]);
      return this.openInTransaction(manager, emit, app, ip, hwid, session, admission, false);
    });
    return { message: ClientMessage.registered, data: result };
  }

  async login({ app, ip, body }: ClientContext<LoginDto>): Promise<ClientResult> {
    const hwid = body.hwid ?? null;
    // A ban, expiry or HWID bound between the lookup and the lock sends the
    // call round once more, so the answer reflects the latest state.
    for (let attempt = 0; ; attempt += 1) {
      const rows = await this.sql.rows<LoginUserRow>('client-login-user', LOGIN_USER_LOOKUP, [app.id, body.username]);
      const user = rows[0];
      if (attempt === 0) {
        const valid = await bcrypt.compare(body.password, user?.password_hash ?? (await this.dummyHash));
        if (!user || !user.password_hash || !valid) throw new AppError('INVALID_USER_LOGIN');
      }
      if (!user) throw new AppError('INVALID_USER_LOGIN');
      refuseBannedUser(user.banned, user.license_banned);
      const admission = await this.admit(app, user, hwid, null);
      const opened = await this.openSession(app, ip, hwid, admission, attempt, 'login', body.username);
      if (opened) return { message: ClientMessage.loggedIn, data: opened };
    }
  }

  async license({ app, ip, body }: ClientContext<LicenseDto>): Promise<ClientResult> {
    const hwid = body.hwid ?? null;
    const key = body.licenseKey.trim();
    const known = this.licenseUsers.get(app.id, key);
    if (known) {
      // One round trip: open_session re-checks everything the full path would.
      const decision = hwidDecision(app.hwidLock, known.hwid, hwid);
      if (decision.allowed) {
        const admission = {
          userId: known.userId,
          username: key,
          expectedHwid: known.hwid,
          storeHwid: decision.store,
          licenseId: known.licenseId,
        };
        const opened = await this.openSession(app, ip, hwid, admission, 0, 'license', key);
        if (opened) {
          this.licenseUsers.set(app.id, key, { ...known, hwid: opened.user.hwid });
          return { message: ClientMessage.authenticated, data: opened };
        }
      }
      this.licenseUsers.delete(app.id, key);
    }
    for (let attempt = 0; ; attempt += 1) {
      const rows = await this.sql.rows<LicenseWithUserRow>('client-license', LICENSE_LOOKUP, [app.id, key]);
      const license = rows[0];
      if (!license) throw new AppError('LICENSE_NOT_FOUND');
      if (license.status === 'BANNED') throw new AppError('LICENSE_BANNED');
      if (license.status === 'UNUSED') {
        const activated = await this.activateForLicenseLogin(app, ip, hwid, license.id);
        if (activated) return { message: ClientMessage.authenticated, data: activated };
        continue; // someone else activated it meanwhile: authenticate as its user
      }
      // A key redeemed by `register` belongs to that account: it cannot also log in on its own.
      if (!license.user_id || license.username !== license.key) throw new AppError('LICENSE_USED');
      refuseBannedUser(license.banned, license.user_license_banned);
      const admission = await this.admit(
        app,
        {
          id: license.user_id,
          username: license.username,
          hwid: license.hwid,
          level: license.user_level,
          expires_at: license.user_expires_at,
          created_at: license.user_created_at,
          last_login_at: license.last_login_at,
        },
        hwid,
        license.id,
      );
      const opened = await this.openSession(app, ip, hwid, admission, attempt, 'license', license.key);
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
    const rows = await this.sql.rows<LoginUserRow>('client-login-user', LOGIN_USER_LOOKUP, [app.id, body.username]);
    const candidate = rows[0];
    const valid = await bcrypt.compare(body.password, candidate?.password_hash ?? (await this.dummyHash));
    if (!candidate || !candidate.password_hash || !valid) throw new AppError('INVALID_USER_LOGIN');

    const user = await this.events.transaction(async (manager, emit) => {
      const users: Array<{ id: string; banned: boolean; expires_at: Date | null; license_banned: boolean }> =
        await manager.query(
          `SELECT u.id, u.banned, u.expires_at,
                  holds_banned_license(u.id) AS license_banned
             FROM users u WHERE u.id = $1 FOR UPDATE`,
          [candidate.id],
        );
      const found = users[0];
      if (!found) throw new AppError('INVALID_USER_LOGIN');
      refuseBannedUser(found.banned, found.license_banned);
      const license = await this.lockLicense(manager, app.id, body.licenseKey);
      if (license.status !== 'UNUSED') throw new AppError('LICENSE_USED');
      const now = new Date();
      await this.activate(manager, emit, app, license, found.id, now, durationEnd(license.duration_type, now));
      const updated = await sqlRows<UserRow>(
        manager,
        `UPDATE users SET level = GREATEST(level, $2), expires_at = $3, license_id = $4 WHERE id = $1
         RETURNING id, username, level, hwid, expires_at, created_at, last_login_at`,
        [found.id, license.level, extendExpiry(found.expires_at, license.duration_type, now), license.id],
      );
      await this.audit.write(manager, [success(app, 'upgrade', body.username, ip, found.id, null)]);
      return updated[0]!;
    });
    return { message: ClientMessage.upgraded, data: { user: toClientUser(user) satisfies ClientUser } };
  }

  /**
   * The checks a known user passes before a session opens: subscription not
   * expired (else its licenses expire, once) and the HWID rules.
   */
  private async admit(
    app: CachedApp,
    user: UserRow,
    hwid: string | null,
    licenseId: string | null,
  ): Promise<Admission> {
    if (user.expires_at && user.expires_at.getTime() <= Date.now()) {
      await this.expireLicenses(app, user.id, user.expires_at);
      throw new AppError('LICENSE_EXPIRED');
    }
    const decision = hwidDecision(app.hwidLock, user.hwid, hwid);
    if (!decision.allowed) throw new AppError('HWID_MISMATCH');
    return { userId: user.id, username: user.username, expectedHwid: user.hwid, storeHwid: decision.store, licenseId };
  }

  /** Marks the user's activated licenses EXPIRED; the conditional update makes `license.expire` fire once. */
  private async expireLicenses(app: CachedApp, userId: string, expiredAt: Date): Promise<void> {
    await this.events.transaction(async (manager, emit) => {
      const rows = await sqlRows<{ id: string; key: string }>(
        manager,
        `UPDATE licenses SET status = 'EXPIRED' WHERE user_id = $1 AND status = 'USED' RETURNING id, key`,
        [userId],
      );
      for (const row of rows) {
        emit(
          domainEvent('license.expire', app.id, {
            licenseId: row.id,
            key: row.key,
            userId,
            expiredAt: expiredAt.toISOString(),
            appId: app.id,
          }),
        );
      }
    });
  }

  /**
   * Opens a session and records `user.login` and `session.create` in one
   * statement (one round trip, committed together). Returns null when the
   * user changed since it was checked (the caller checks again).
   */
  private async openSession(
    app: CachedApp,
    ip: string,
    hwid: string | null,
    admission: Admission,
    attempt: number,
    type: 'login' | 'license',
    actor: string,
  ): Promise<SessionResult | null> {
    if (attempt > 2) throw new Error('user kept changing while a session was opened');
    const session = newSession(app);
    const openedAt = new Date();
    const events = this.loginEvents(app, ip, hwid, session, admission, openedAt);
    const audit = [success(app, type, actor, ip, admission.userId, session.id)];
    const rows = await this.sql.rows<OpenedRow>('client-open-session', this.openSessionSql, [
      ...this.sessionParams(app, ip, hwid, session, admission, openedAt),
      this.events.toParam(events),
      this.audit.toParam(audit),
    ]);
    const opened = rows[0];
    if (!opened) return null;
    await this.events.afterCommit(opened.delivery_ids ?? []);
    return this.toSessionResult(app, session, admission.userId, opened);
  }

  /** Opens a session inside the caller's transaction; events go through `emit`. */
  private async openInTransaction(
    manager: EntityManager,
    emit: Emit,
    app: CachedApp,
    ip: string,
    hwid: string | null,
    session: NewSession,
    admission: Admission,
    withLoginEvent: boolean,
  ): Promise<SessionResult> {
    const rows: OpenedRow[] = await manager.query(
      `SELECT * FROM open_session(${SESSION_PARAMS})`,
      this.sessionParams(app, ip, hwid, session, admission, new Date()),
    );
    const opened = rows[0];
    // The user was created or locked earlier in this same transaction.
    if (!opened) throw new Error('open_session refused a user locked by this transaction');
    const events = this.loginEvents(app, ip, hwid, session, admission, opened.session_created_at);
    for (const event of withLoginEvent ? events : events.filter((e) => e.name !== 'user.login')) emit(event);
    return this.toSessionResult(app, session, admission.userId, opened);
  }

  /** First use of a key by `license`: creates its implicit user (named after the key) and opens a session. */
  private async activateForLicenseLogin(
    app: CachedApp,
    ip: string,
    hwid: string | null,
    licenseId: string,
  ): Promise<SessionResult | null> {
    const session = newSession(app);
    return this.events.transaction(async (manager, emit) => {
      const locked: LicenseRow[] = await manager.query(
        `SELECT id, key, status, duration_type, level, max_devices, user_id FROM licenses WHERE id = $1 FOR UPDATE`,
        [licenseId],
      );
      const license = locked[0];
      if (!license || license.status !== 'UNUSED') return null;
      const now = new Date();
      const expiresAt = durationEnd(license.duration_type, now);
      const storeHwid = hwidDecision(app.hwidLock, null, hwid).store;
      const userId = await this.insertUser(manager, app.id, {
        username: license.key,
        passwordHash: null,
        hwid: storeHwid ? hwid : null,
        license,
        expiresAt,
      });
      // Only a registered user who chose this key as a username can hold the name already.
      if (!userId) throw new AppError('LICENSE_USED');
      await this.activate(manager, emit, app, license, userId, now, expiresAt);
      const admission: Admission = {
        userId,
        username: license.key,
        expectedHwid: storeHwid ? hwid : null,
        storeHwid: false,
        licenseId: null,
      };
      await this.audit.write(manager, [success(app, 'license', license.key, ip, userId, session.id)]);
      return this.openInTransaction(manager, emit, app, ip, hwid, session, admission, true);
    });
  }

  private async lockLicense(manager: EntityManager, appId: string, key: string): Promise<LicenseRow> {
    const rows: LicenseRow[] = await manager.query(
      `SELECT id, key, status, duration_type, level, max_devices, user_id
         FROM licenses WHERE app_id = $1 AND key = $2 FOR UPDATE`,
      [appId, key.trim()],
    );
    const license = rows[0];
    if (!license) throw new AppError('LICENSE_NOT_FOUND');
    if (license.status === 'BANNED') throw new AppError('LICENSE_BANNED');
    return license;
  }

  /**
   * Inserts the user; null when the username is taken (any case). ON CONFLICT
   * also absorbs a concurrent insert of the same name, so no error reaches here.
   */
  private async insertUser(
    manager: EntityManager,
    appId: string,
    user: {
      username: string;
      passwordHash: string | null;
      hwid: string | null;
      license: LicenseRow;
      expiresAt: Date | null;
    },
  ): Promise<string | null> {
    const rows: Array<{ id: string }> = await manager.query(
      `INSERT INTO users (app_id, username, password_hash, hwid, level, max_devices, expires_at, license_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (app_id, lower(username)) DO NOTHING
       RETURNING id`,
      [
        appId,
        user.username,
        user.passwordHash,
        user.hwid,
        user.license.level,
        user.license.max_devices,
        user.expiresAt,
        user.license.id,
      ],
    );
    return rows[0]?.id ?? null;
  }

  /** UNUSED -> USED for `userId`, with the duration counted from now. */
  private async activate(
    manager: EntityManager,
    emit: Emit,
    app: CachedApp,
    license: LicenseRow,
    userId: string,
    now: Date,
    expiresAt: Date | null,
  ): Promise<void> {
    await manager.query(
      `UPDATE licenses SET status = 'USED', activated_at = $2, expires_at = $3, user_id = $4 WHERE id = $1`,
      [license.id, now, expiresAt, userId],
    );
    emit(
      domainEvent('license.activate', app.id, {
        licenseId: license.id,
        key: license.key,
        durationType: license.duration_type,
        level: license.level,
        activatedBy: userId,
        appId: app.id,
      }),
    );
  }

  /** open_session's parameters; `openedAt` is the one clock of the session's start, end and events. */
  private sessionParams(
    app: CachedApp,
    ip: string,
    hwid: string | null,
    session: NewSession,
    admission: Admission,
    openedAt: Date,
  ) {
    return [
      admission.userId,
      app.id,
      session.id,
      session.tokenHash,
      ip,
      hwid,
      admission.expectedHwid,
      admission.storeHwid,
      session.expiresAt,
      app.sessionIdleSeconds,
      admission.licenseId,
      openedAt,
    ];
  }

  private loginEvents(
    app: CachedApp,
    ip: string,
    hwid: string | null,
    session: NewSession,
    admission: Admission,
    openedAt: Date,
  ): DomainEvent[] {
    const { userId, username } = admission;
    return [
      domainEvent('user.login', app.id, { userId, username, ip, hwid, appId: app.id }),
      domainEvent('session.create', app.id, {
        sessionId: session.id,
        userId,
        username,
        ip,
        hwid,
        expiresAt: sessionEnd(app, session.expiresAt, openedAt).toISOString(),
        appId: app.id,
      }),
    ];
  }

  private toSessionResult(app: CachedApp, session: NewSession, userId: string, opened: OpenedRow): SessionResult {
    return sessionResult(
      app,
      session,
      {
        id: userId,
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
}

/**
 * The ban rules every authenticating type applies to a known user: a banned
 * user, then a user holding any BANNED license (`holds_banned_license` in SQL;
 * open_session applies the same function under the user lock).
 */
function refuseBannedUser(userBanned: boolean, holdsBannedLicense: boolean): void {
  if (userBanned) throw new AppError('USER_BANNED');
  if (holdsBannedLicense) throw new AppError('LICENSE_BANNED');
}

/** The audit entry of a successful client authentication. */
function success(
  app: CachedApp,
  type: 'register' | 'login' | 'license' | 'upgrade',
  actor: string,
  ip: string,
  userId: string,
  sessionId: string | null,
): AuditRecord {
  return {
    appId: app.id,
    type: `client.${type}`,
    actor,
    ip,
    details: { outcome: 'success', userId, ...(sessionId ? { sessionId } : {}) },
  };
}
