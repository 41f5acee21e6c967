import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  type AcceptedInvitation,
  APP_ROLES,
  type AppInvitation,
  type AppMember,
  type AppRole,
  can,
  CAPABILITIES,
  type CreatedInvitation,
  InvitationLimits,
  type InvitationPreview,
  type MemberRole,
  roleAtLeast,
} from '@latchkey/contracts';
import { randomSecret, sha256 } from '../../common/crypto.js';
import { apiRow } from '../../common/api-row.js';
import { AppError } from '../../common/errors.js';
import { isUniqueViolation, sqlAffected, sqlPage, sqlRows, type SqlExecutor } from '../../common/sql.js';
import type { Actor } from '../../common/auth/actor.js';
import { adminChange, AuditService } from '../audit/audit.service.js';
import { PasswordChangeResets } from '../accounts/password-change-resets.js';
import type { OwnedApp } from '../apps/app-access.js';
import {
  CLAIM_INVITATION,
  type ClaimedInvitationRow,
  DELETE_MEMBER,
  INSERT_INVITATION,
  INSERT_MEMBER,
  INVITATION_BY_TOKEN,
  type InvitationByTokenRow,
  type InvitationRow,
  IS_IN_APP,
  LIST_MEMBERS,
  LIST_PENDING_INVITATIONS,
  LOCK_MEMBER,
  type MemberRow,
  REVOKE_INVITATION,
  REVOKE_INVITATIONS_BEYOND_CREATOR,
  REVOKE_INVITATIONS_OF_CREATOR,
  SET_MEMBER_ROLE,
} from './members.queries.js';

const INVITATION_TOKEN_PREFIX = 'lki_';
/** `lki_` + 32 random bytes in base64url: anything else is no invitation, answered without a lookup. */
const INVITATION_TOKEN = /^lki_[A-Za-z0-9_-]{43}$/;
/** What the creatorStillGrants check of members.queries.ts takes: the roles by rank, and who may invite. */
const GRANT_RULE = [[...APP_ROLES], CAPABILITIES.members] as const;

/**
 * An app's team: its members and their roles, and the single-use invitations
 * that add them. The caller's own role (`acting`, from AppOwnershipGuard) bounds
 * what it may grant: nobody grants or changes a role above its own, and the
 * owner is never changed or removed.
 */
@Injectable()
export class MembersService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly passwordChangeResets: PasswordChangeResets,
  ) {}

  /** A password change revokes the invitations the account created: a stolen session could have made them. */
  onModuleInit() {
    this.passwordChangeResets.register({
      name: 'invitations',
      end: (manager, accountId) => sqlAffected(manager, REVOKE_INVITATIONS_OF_CREATOR, [accountId]),
    });
  }

  async list(appId: string, offset: number, limit: number) {
    return sqlPage<MemberRow, AppMember>(this.dataSource, LIST_MEMBERS, [appId], { offset, limit }, apiRow);
  }

  async changeRole(actor: Actor, app: OwnedApp, acting: AppRole, accountId: string, role: MemberRole) {
    if (!roleAtLeast(acting, role)) throw new AppError('ROLE_NOT_ALLOWED');
    return this.dataSource.transaction(async (manager) => {
      const member = await lockMember(manager, app, accountId);
      if (!roleAtLeast(acting, member.role)) throw new AppError('ROLE_NOT_ALLOWED');
      await sqlAffected(manager, SET_MEMBER_ROLE, [app.id, accountId, role]);
      const revokedInvitations = await revokeInvitationsBeyond(manager, app.id, accountId);
      await this.audit.write(manager, [
        adminChange(actor, app.id, 'member.role_changed', {
          accountId,
          email: member.email,
          from: member.role,
          to: role,
          ...(revokedInvitations.length > 0 ? { revokedInvitations } : {}),
        }),
      ]);
      return apiRow({ ...member, role });
    });
  }

  /** Removes a member: any member may remove itself (leave); removing another takes the `members` capability. */
  async remove(actor: Actor, app: OwnedApp, acting: AppRole, accountId: string): Promise<void> {
    const leaving = accountId === actor.accountId;
    if (!leaving && !can(acting, 'members')) throw new AppError('ROLE_NOT_ALLOWED');
    await this.dataSource.transaction(async (manager) => {
      const member = await lockMember(manager, app, accountId);
      if (!leaving && !roleAtLeast(acting, member.role)) throw new AppError('ROLE_NOT_ALLOWED');
      await sqlAffected(manager, DELETE_MEMBER, [app.id, accountId]);
      const revokedInvitations = await revokeInvitationsBeyond(manager, app.id, accountId);
      await this.audit.write(manager, [
        adminChange(actor, app.id, 'member.removed', {
          accountId,
          email: member.email,
          role: member.role,
          leaving,
          ...(revokedInvitations.length > 0 ? { revokedInvitations } : {}),
        }),
      ]);
    });
  }

  async invite(
    actor: Actor,
    app: OwnedApp,
    acting: AppRole,
    role: MemberRole,
    expiresInHours: number = InvitationLimits.expiresInHoursDefault,
    label: string | null = null,
  ): Promise<CreatedInvitation> {
    if (!roleAtLeast(acting, role)) throw new AppError('ROLE_NOT_ALLOWED');
    const token = randomSecret(INVITATION_TOKEN_PREFIX);
    const invitation = await this.dataSource.transaction(async (manager) => {
      const [row] = await sqlRows<InvitationRow>(manager, INSERT_INVITATION, [
        app.id,
        role,
        actor.accountId,
        sha256(token),
        expiresInHours,
        label,
      ]);
      await this.audit.write(manager, [
        adminChange(actor, app.id, 'member.invited', {
          invitationId: row!.id,
          role,
          label,
          expiresAt: row!.expires_at.toISOString(),
        }),
      ]);
      return row!;
    });
    return {
      id: invitation.id,
      role: invitation.role,
      label: invitation.label,
      token,
      url: `/invite/${token}`,
      expiresAt: invitation.expires_at.toISOString(),
    };
  }

  async listInvitations(appId: string, offset: number, limit: number) {
    return sqlPage<InvitationRow, AppInvitation>(
      this.dataSource,
      LIST_PENDING_INVITATIONS,
      [appId],
      { offset, limit },
      apiRow,
    );
  }

  async revokeInvitation(actor: Actor, app: OwnedApp, invitationId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const [revoked] = await sqlRows<{ id: string; role: MemberRole }>(manager, REVOKE_INVITATION, [
        app.id,
        invitationId,
      ]);
      if (!revoked) throw new AppError('NOT_FOUND');
      await this.audit.write(manager, [
        adminChange(actor, app.id, 'invitation.revoked', { invitationId, role: revoked.role }),
      ]);
    });
  }

  /** What an invitation grants: 404 for no such token, 410 once it expired, was used or revoked. */
  async preview(token: string): Promise<InvitationPreview> {
    const invitation = await this.findByToken(token);
    if (!invitation.usable) throw new AppError('INVITATION_GONE');
    return {
      appName: invitation.app_name,
      role: invitation.role,
      expiresAt: invitation.expires_at.toISOString(),
      inviterEmail: invitation.inviter_email,
    };
  }

  /**
   * Makes the caller a member with the invitation's role. The invitation is
   * claimed in one statement (CLAIM_INVITATION), so it is used once however
   * many accept it at the same moment; the membership is added in the same
   * transaction. Refusals: 404 unknown, 409 the app's owner or a member
   * (the invitation stays usable), 410 expired, used or revoked.
   */
  async accept(actor: Actor, token: string): Promise<AcceptedInvitation> {
    if (!INVITATION_TOKEN.test(token)) throw new AppError('NOT_FOUND');
    const claimed = await this.dataSource.transaction(async (manager) => {
      const [row] = await sqlRows<ClaimedInvitationRow>(manager, CLAIM_INVITATION, [
        sha256(token),
        actor.accountId,
        ...GRANT_RULE,
      ]);
      if (!row) return null;
      try {
        await sqlRows(manager, INSERT_MEMBER, [row.app_id, actor.accountId, row.role, row.created_by]);
      } catch (err) {
        // Joined meanwhile through another invitation: this one is not spent (the transaction rolls back).
        if (isUniqueViolation(err)) throw new AppError('ALREADY_MEMBER');
        throw err;
      }
      await this.audit.write(manager, [
        adminChange(actor, row.app_id, 'member.joined', {
          accountId: actor.accountId,
          email: actor.email,
          role: row.role,
          invitationId: row.id,
        }),
      ]);
      return row;
    });
    if (claimed) return { appId: claimed.app_id, role: claimed.role };
    const invitation = await this.findByToken(token);
    const [{ in_app }] = (await sqlRows<{ in_app: boolean }>(this.dataSource, IS_IN_APP, [
      invitation.app_id,
      actor.accountId,
    ])) as [{ in_app: boolean }];
    if (invitation.usable && in_app) throw new AppError('ALREADY_MEMBER');
    throw new AppError('INVITATION_GONE');
  }

  private async findByToken(token: string): Promise<InvitationByTokenRow> {
    const [invitation] = INVITATION_TOKEN.test(token)
      ? await sqlRows<InvitationByTokenRow>(this.dataSource, INVITATION_BY_TOKEN, [sha256(token), ...GRANT_RULE])
      : [];
    if (!invitation) throw new AppError('NOT_FOUND');
    return invitation;
  }
}

/** Revokes the pending invitations `creatorId` may no longer grant on the app, after its role changed; their ids. */
async function revokeInvitationsBeyond(manager: SqlExecutor, appId: string, creatorId: string): Promise<string[]> {
  const rows = await sqlRows<{ id: string }>(manager, REVOKE_INVITATIONS_BEYOND_CREATOR, [
    appId,
    creatorId,
    ...GRANT_RULE,
  ]);
  return rows.map((row) => row.id);
}

/** The member `accountId` of the app, locked for the change; the owner is never changed (403), a stranger is 404. */
async function lockMember(manager: SqlExecutor, app: OwnedApp, accountId: string) {
  if (accountId === app.ownerId) throw new AppError('ROLE_NOT_ALLOWED');
  const [member] = await sqlRows<MemberRow>(manager, LOCK_MEMBER, [app.id, accountId]);
  if (!member) throw new AppError('NOT_FOUND');
  return member;
}
