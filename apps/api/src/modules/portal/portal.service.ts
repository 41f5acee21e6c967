import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  shortHwid,
  type PortalDevice,
  type PortalDownload,
  type PortalHwidResetState,
  type PortalOverview,
  type PortalSignInMethod,
  type PortalUser,
} from '@latchkey/contracts';
import { DataSource } from 'typeorm';
import { AppError } from '../../common/errors.js';
import { iso } from '../../common/iso.js';
import { sqlRows } from '../../common/sql.js';
import { AuditService } from '../audit/audit.service.js';
import { domainEvent, EventsService } from '../events/events.service.js';
import { FileDownloads } from '../files/file-downloads.js';
import { SessionsAdminService } from '../sessions/sessions-admin.service.js';
import { lockUserForSelfReset, selfResetHwid } from '../users/user-writes.js';
import { PortalAccess } from './portal-access.js';
import {
  INSERT_RESET,
  LIVE_SESSIONS,
  RESET_COUNTS,
  SCOPE_LICENSES,
  SCOPE_USERS,
  type LiveSessionRow,
  type PortalSessionRow,
  type PortalSettingsRow,
  type ResetCountRow,
  type ScopeLicenseRow,
  type ScopeUserRow,
} from './portal.queries.js';
import { hwidResetState, resetRefusal } from './reset-policy.js';

/**
 * What a signed-in customer sees and does: their keys and users, devices and
 * sessions, the HWID reset under the owner's policy, and download links.
 * Everything is reached through the session's scope (its key, its user, or
 * its email's keys): another customer's user or another app's file answers
 * 404, as an unknown one does.
 */
@Injectable()
export class PortalService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly access: PortalAccess,
    private readonly events: EventsService,
    private readonly audit: AuditService,
    private readonly sessions: SessionsAdminService,
    private readonly files: FileDownloads,
  ) {}

  async overview(portal: PortalSettingsRow, session: PortalSessionRow): Promise<PortalOverview> {
    const appId = portal.app_id;
    const licenses = await this.scopeLicenses(session);
    const users = await this.scopeUsers(session, licenses);
    const userIds = users.map((user) => user.id);
    const [live, counts] = await Promise.all([
      sqlRows<LiveSessionRow>(this.dataSource, LIVE_SESSIONS, [appId, userIds]),
      sqlRows<ResetCountRow>(this.dataSource, RESET_COUNTS, [userIds, portal.hwid_reset_period_days]),
    ]);
    const usable = users.filter((u) => !u.banned && (u.expires_at === null || u.expires_at > new Date()));
    const level = usable.length > 0 ? Math.max(...usable.map((u) => u.level)) : null;
    const files = level === null ? [] : await this.files.portalFiles(appId, level);
    const levelName = (n: number) => portal.level_names[String(n)] ?? null;
    return {
      app: this.branding(portal),
      signedInWith: session.method as PortalSignInMethod,
      licenses: licenses.map((l) => ({
        licenseId: l.id,
        key: l.key,
        status: l.status,
        level: l.level,
        levelName: levelName(l.level),
        expiresAt: iso(l.expires_at),
        durationType: l.duration_type,
        banned: l.status === 'BANNED',
        banReason: l.status === 'BANNED' ? l.ban_public_reason : null,
        renewalUrl: l.renewal_url,
      })),
      users: users.map((user) =>
        toPortalUser(
          user,
          levelName(user.level),
          live.filter((s) => s.user_id === user.id),
          hwidResetState(
            portal,
            counts.find((c) => c.user_id === user.id),
          ),
        ),
      ),
      files: files.map((f) => ({
        fileId: f.id,
        name: f.name,
        size: Number(f.size),
        minLevel: f.min_level,
        updatedAt: f.updated_at.toISOString(),
      })),
    };
  }

  branding(portal: PortalSettingsRow) {
    return {
      name: portal.display_name ?? portal.app_name,
      accentColor: portal.accent_color,
      supportUrl: portal.support_url,
      signInMethods: this.access.methods(portal),
    };
  }

  /**
   * A customer's HWID reset, one at a time per user (the user's row lock):
   * counted against the policy in the database, so of parallel resets exactly
   * as many succeed as the policy leaves. Clears the binding, optionally ends
   * the user's live sessions, records the audit entry and `portal.hwid_reset`.
   */
  async resetHwid(
    portal: PortalSettingsRow,
    session: PortalSessionRow,
    userId: string,
    ip: string,
  ): Promise<PortalHwidResetState> {
    const appId = portal.app_id;
    await this.userInScope(session, userId);
    if (portal.hwid_reset_mode === 'off') throw new AppError('PORTAL_RESET_OFF');
    await this.events.transaction(async (manager, emit) => {
      const user = await lockUserForSelfReset(manager, appId, userId);
      if (!user) throw new AppError('NOT_FOUND');
      const [count] = await sqlRows<ResetCountRow>(manager, RESET_COUNTS, [[userId], portal.hwid_reset_period_days]);
      if (resetRefusal(portal, count!)) throw new AppError('PORTAL_RESET_NOT_YET');
      await sqlRows(manager, INSERT_RESET, [appId, userId, user.hwid, ip]);
      await selfResetHwid(manager, userId);
      const ended = portal.hwid_reset_ends_sessions
        ? await this.sessions.endUserSessions(manager, userId, 'hwid_reset')
        : 0;
      await this.audit.write(manager, [
        {
          appId,
          type: 'portal.hwid-reset',
          actor: user.username,
          ip,
          details: { userId, username: user.username, previousHwid: user.hwid, sessionsEnded: ended },
        },
      ]);
      emit(
        domainEvent('portal.hwid_reset', appId, {
          userId,
          username: user.username,
          previousHwid: user.hwid,
          sessionsEnded: ended,
          ip,
          appId,
        }),
      );
    });
    const [after] = await sqlRows<ResetCountRow>(this.dataSource, RESET_COUNTS, [
      [userId],
      portal.hwid_reset_period_days,
    ]);
    return hwidResetState(portal, after);
  }

  /** A single-use link to a file the portal offers, for one of the session's users whose level allows it. */
  async downloadLink(
    portal: PortalSettingsRow,
    session: PortalSessionRow,
    fileId: string,
    userId: string,
    ip: string,
    origin: string | null,
  ): Promise<PortalDownload> {
    const user = await this.userInScope(session, userId);
    const usable = !user.banned && (user.expires_at === null || user.expires_at > new Date());
    const link = usable
      ? await this.files.offerInPortal(portal.app_id, session.id, { id: user.id, level: user.level }, fileId, origin)
      : null;
    if (!link) throw new AppError('NOT_FOUND');
    void this.audit.record({
      appId: portal.app_id,
      type: 'portal.download',
      actor: user.username,
      ip,
      details: { userId: user.id, fileId, name: link.name },
    });
    return { url: link.url, expiresAt: link.expiresAt.toISOString() };
  }

  private async userInScope(session: PortalSessionRow, userId: string): Promise<ScopeUserRow> {
    const users = await this.scopeUsers(session, await this.scopeLicenses(session));
    const user = users.find((u) => u.id === userId);
    if (!user) throw new AppError('NOT_FOUND');
    return user;
  }

  private scopeLicenses(session: PortalSessionRow): Promise<ScopeLicenseRow[]> {
    return sqlRows<ScopeLicenseRow>(this.dataSource, SCOPE_LICENSES, [
      session.app_id,
      session.license_id,
      session.user_id,
      session.email,
    ]);
  }

  private scopeUsers(session: PortalSessionRow, licenses: ScopeLicenseRow[]): Promise<ScopeUserRow[]> {
    const ids = new Set(licenses.map((l) => l.user_id).filter((id): id is string => id !== null));
    if (session.user_id) ids.add(session.user_id);
    if (ids.size === 0) return Promise.resolve([]);
    return sqlRows<ScopeUserRow>(this.dataSource, SCOPE_USERS, [session.app_id, [...ids]]);
  }
}

function toPortalUser(
  user: ScopeUserRow,
  levelName: string | null,
  live: LiveSessionRow[],
  hwidReset: PortalHwidResetState,
): PortalUser {
  return {
    userId: user.id,
    username: user.username,
    keyUser: !user.password_hash_set,
    level: user.level,
    levelName,
    expiresAt: iso(user.expires_at),
    banned: user.banned,
    banReason: user.banned ? user.ban_public_reason : null,
    hwidBound: user.hwid !== null,
    devices: devicesOf(user, live),
    sessions: live.map((s) => ({
      id: s.id,
      ip: s.ip,
      hwid: s.hwid === null ? null : shortHwid(s.hwid),
      createdAt: s.created_at.toISOString(),
      lastSeenAt: s.last_seen_at.toISOString(),
    })),
    hwidReset,
  };
}

/**
 * The user's devices: the HWIDs of its live sessions (first and last seen
 * among them, the latest address), and the HWID it is bound to when no live
 * session shows it (seen at the last login, from the last address).
 */
function devicesOf(user: ScopeUserRow, live: LiveSessionRow[]): PortalDevice[] {
  const byHwid = new Map<string, PortalDevice & { full: string }>();
  for (const s of [...live].sort((a, b) => a.created_at.getTime() - b.created_at.getTime())) {
    if (s.hwid === null) continue;
    const seen = byHwid.get(s.hwid);
    if (!seen) {
      byHwid.set(s.hwid, {
        full: s.hwid,
        hwid: shortHwid(s.hwid),
        firstSeenAt: s.created_at.toISOString(),
        lastSeenAt: s.last_seen_at.toISOString(),
        lastIp: s.ip,
        bound: s.hwid === user.hwid,
      });
    } else {
      seen.lastSeenAt = s.last_seen_at.toISOString();
      seen.lastIp = s.ip;
    }
  }
  if (user.hwid !== null && !byHwid.has(user.hwid)) {
    byHwid.set(user.hwid, {
      full: user.hwid,
      hwid: shortHwid(user.hwid),
      firstSeenAt: null,
      lastSeenAt: iso(user.last_login_at),
      lastIp: user.last_ip,
      bound: true,
    });
  }
  return [...byHwid.values()].map(({ full: _full, ...device }) => device);
}
