import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  KeyAuthMessage,
  LATEST_EXPIRY,
  LATEST_EXPIRY_MS,
  LicenseLimits,
  usernameKey,
  type AdminUser,
  type EndedSessions,
} from '@latchkey/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { PasswordHasher } from '../../common/password-hasher.js';
import { AppError, fieldError } from '../../common/errors.js';
import { escapeLike, isCheckViolation, isUniqueViolation, sqlPage, sqlRows } from '../../common/sql.js';
import { iso } from '../../common/iso.js';
import type { Actor, ChangeAuthor } from '../../common/auth/actor.js';
import { adminChange, AuditService } from '../audit/audit.service.js';
import { domainEvent, EventsService } from '../events/events.service.js';
import { SessionsAdminService } from '../sessions/sessions-admin.service.js';
import { insertUser } from './user-writes.js';
import { toAdminUser } from './user-views.js';
import {
  type ChangedRow,
  changeUser,
  DELETE_USER,
  GET_USER,
  LIST_USERS,
  SEARCH_USERS,
  LOCK_USER,
  RENAME_USER,
  USER_CHANGES,
  type UserRow,
} from './users.queries.js';
import type { CreateUserDto } from './users.dto.js';

/**
 * An owner's management of an app's end users. Every change is one
 * conditional statement scoped by app id (another app's user is "not found"),
 * committed with its audit entry; the client endpoint reads `banned`,
 * `expires_at` and `hwid` per request and sessions by `ended_at`, so each
 * change applies to clients at once.
 */
@Injectable()
export class UsersService {
  constructor(
    private readonly passwords: PasswordHasher,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: EventsService,
    private readonly audit: AuditService,
    private readonly sessions: SessionsAdminService,
  ) {}

  /**
   * `search` matches part of the canonical username (usernameKey), so any
   * ASCII case finds a user; text no username could contain finds none.
   */
  async list(appId: string, search: string | undefined, offset: number, limit: number) {
    const window = { offset, limit };
    if (search === undefined) return sqlPage(this.dataSource, LIST_USERS, [appId], window, toAdminUser);
    const key = usernameKey(search);
    if (key === null) return { items: [], total: 0 };
    return sqlPage(this.dataSource, SEARCH_USERS, [appId, `%${escapeLike(key)}%`], window, toAdminUser);
  }

  /** A user made by the owner, without a license key. */
  async create(actor: ChangeAuthor, appId: string, dto: CreateUserDto): Promise<AdminUser> {
    const expiresAt = dto.expiresAt ? new Date(dto.expiresAt) : null;
    if (expiresAt && expiresAt.getTime() <= Date.now())
      throw fieldError('expiresAt', 'expiresAt must be in the future');
    if (expiresAt && expiresAt.getTime() > LATEST_EXPIRY_MS) {
      throw fieldError('expiresAt', `expiresAt must be at most ${LATEST_EXPIRY}`);
    }
    const passwordHash = await this.passwords.hash(dto.password);
    const row = await this.dataSource.transaction(async (manager) => {
      const created = await insertUser(manager, {
        appId,
        username: dto.username,
        passwordHash,
        hwid: null,
        level: dto.level ?? LicenseLimits.levelDefault,
        maxDevices: dto.maxDevices ?? LicenseLimits.maxDevicesDefault,
        expiresAt,
        licenseId: null,
      });
      if (!created) throw new AppError('USERNAME_TAKEN');
      await this.audit.write(manager, [
        adminChange(actor, appId, 'admin.user.create', {
          userId: created.id,
          username: created.username,
          level: created.level,
          maxDevices: created.max_devices,
          expiresAt: iso(created.expires_at),
        }),
      ]);
      return created;
    });
    return toAdminUser(row);
  }

  async get(appId: string, userId: string): Promise<AdminUser> {
    const rows = await sqlRows<UserRow>(this.dataSource, GET_USER, [userId, appId]);
    if (!rows[0]) throw new AppError('NOT_FOUND');
    return toAdminUser(rows[0]);
  }

  /** Deletes the user; its sessions go with it (foreign key cascade), so their tokens stop working at once. */
  async remove(actor: ChangeAuthor, appId: string, userId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const rows = await sqlRows<{ id: string; username: string }>(manager, DELETE_USER, [userId, appId]);
      if (!rows[0]) throw new AppError('NOT_FOUND');
      await this.audit.write(manager, [
        adminChange(actor, appId, 'admin.user.delete', { userId, username: rows[0].username }),
      ]);
    });
  }

  /** Bans the user and ends its live sessions; `user.ban` is emitted when the user was not banned already. */
  async ban(
    actor: ChangeAuthor,
    appId: string,
    userId: string,
    reason: string | null,
    publicReason: string | null = null,
  ): Promise<AdminUser> {
    return this.events.transaction(async (manager, emit) => {
      const { row, before } = await this.change(manager, appId, userId, USER_CHANGES.ban, [reason, publicReason]);
      const ended = await this.sessions.endUserSessions(manager, userId, 'user_banned');
      if (!before.banned) {
        emit(domainEvent('user.ban', appId, { userId, username: row.username, reason, bannedBy: actor.email, appId }));
      }
      await this.audit.write(manager, [
        adminChange(actor, appId, 'admin.user.ban', { userId, username: row.username, reason, sessionsEnded: ended }),
      ]);
      return toAdminUser(row);
    });
  }

  /**
   * Renames a user who signs in with a password (KeyAuth's `changeUsername`)
   * and ends its sessions. A key's implicit user is named after its key and
   * keeps that name; a taken name (any case) is USERNAME_TAKEN.
   */
  async rename(author: ChangeAuthor, appId: string, userId: string, username: string): Promise<void> {
    await this.dataSource
      .transaction(async (manager) => {
        const [renamed] = await sqlRows<{ previous: string }>(manager, RENAME_USER, [
          userId,
          appId,
          username,
          usernameKey(username),
        ]);
        if (!renamed) throw new AppError('VALIDATION', KeyAuthMessage.keyUserKeepsName);
        const ended = await this.sessions.endUserSessions(manager, userId, 'renamed');
        await this.audit.write(manager, [
          adminChange(author, appId, 'admin.user.rename', {
            userId,
            from: renamed.previous,
            to: username,
            sessionsEnded: ended,
          }),
        ]);
      })
      .catch((err: unknown) => {
        if (isUniqueViolation(err)) throw new AppError('USERNAME_TAKEN');
        throw err;
      });
  }

  async unban(actor: ChangeAuthor, appId: string, userId: string): Promise<AdminUser> {
    return this.dataSource.transaction(async (manager) => {
      const { row } = await this.change(manager, appId, userId, USER_CHANGES.unban, []);
      await this.audit.write(manager, [
        adminChange(actor, appId, 'admin.user.unban', { userId, username: row.username }),
      ]);
      return toAdminUser(row);
    });
  }

  /**
   * `expiresAt` = max(now, expiresAt) + days, computed in the database; a
   * lifetime user stays lifetime. The database refuses an expiry past
   * LATEST_EXPIRY (users_expires_at_bounded): 400 naming `days`.
   */
  async extend(actor: ChangeAuthor, appId: string, userId: string, days: number): Promise<AdminUser> {
    return this.dataSource.transaction(async (manager) => {
      const { row, before } = await this.change(manager, appId, userId, USER_CHANGES.extend, [days]).catch(
        (err: unknown) => {
          if (isCheckViolation(err, 'users_expires_at_bounded')) {
            throw fieldError('days', `days would move expiresAt past ${LATEST_EXPIRY}`);
          }
          throw err;
        },
      );
      await this.audit.write(manager, [
        adminChange(actor, appId, 'admin.user.extend', {
          userId,
          username: row.username,
          days,
          previousExpiresAt: iso(before.expires_at),
          expiresAt: iso(row.expires_at),
        }),
      ]);
      return toAdminUser(row);
    });
  }

  /**
   * The expiry set to `expiresAt` (null = lifetime), the past included: the
   * user's next call is refused as expired, as on a natural expiry.
   */
  async setExpiry(actor: Actor, appId: string, userId: string, expiresAt: string | null): Promise<AdminUser> {
    const at = expiresAt === null ? null : new Date(expiresAt);
    if (at && at.getTime() > LATEST_EXPIRY_MS)
      throw fieldError('expiresAt', `expiresAt must be at most ${LATEST_EXPIRY}`);
    return this.dataSource.transaction(async (manager) => {
      const { row, before } = await this.change(manager, appId, userId, USER_CHANGES.setExpiry, [at]);
      await this.audit.write(manager, [
        adminChange(actor, appId, 'admin.user.set-expiry', {
          userId,
          username: row.username,
          previousExpiresAt: iso(before.expires_at),
          expiresAt: iso(row.expires_at),
        }),
      ]);
      return toAdminUser(row);
    });
  }

  async resetHwid(actor: ChangeAuthor, appId: string, userId: string): Promise<AdminUser> {
    return this.dataSource.transaction(async (manager) => {
      const { row, before } = await this.change(manager, appId, userId, USER_CHANGES.resetHwid, []);
      await this.audit.write(manager, [
        adminChange(actor, appId, 'admin.user.reset-hwid', {
          userId,
          username: row.username,
          previousHwid: before.hwid,
        }),
      ]);
      return toAdminUser(row);
    });
  }

  /** Ends every live session of one user of the app, audited with how many ended. */
  async endSessions(actor: Actor, appId: string, userId: string): Promise<EndedSessions> {
    return this.dataSource.transaction(async (manager) => {
      const users = await sqlRows<{ username: string }>(manager, LOCK_USER, [userId, appId]);
      if (!users[0]) throw new AppError('NOT_FOUND');
      const ended = await this.sessions.endUserSessions(manager, userId, 'admin');
      await this.audit.write(manager, [
        adminChange(actor, appId, 'admin.user.sessions.end', { userId, username: users[0].username, ended }),
      ]);
      return { ended };
    });
  }

  /**
   * Updates one user of the app with `set` (one of USER_CHANGES; parameters
   * from $3) and returns the row after and the fields before, read under the
   * same row lock.
   */
  private async change(
    manager: EntityManager,
    appId: string,
    userId: string,
    set: string,
    params: unknown[],
  ): Promise<{ row: UserRow; before: Pick<UserRow, 'banned' | 'expires_at' | 'hwid'> }> {
    const rows = await sqlRows<ChangedRow>(manager, changeUser(set), [userId, appId, ...params]);
    const row = rows[0];
    if (!row) throw new AppError('NOT_FOUND');
    return { row, before: { banned: row.before_banned, expires_at: row.before_expires_at, hwid: row.before_hwid } };
  }
}
