import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type {
  AccountLoginSession,
  CreatedPersonalAccessToken,
  MemberRole,
  PersonalAccessToken,
} from '@latchkey/contracts';
import type { Actor } from '../../common/auth/actor.js';
import type { Principal } from '../../common/auth/principal.js';
import { AppError } from '../../common/errors.js';
import { iso } from '../../common/iso.js';
import { sqlAffected, sqlPage, sqlRows } from '../../common/sql.js';
import { Config } from '../../config/config.js';
import { adminChange, AuditService } from '../audit/audit.service.js';
import { issueToken, type TokenGrant } from './access-token-issue.js';
import {
  LIST_PERSONAL_TOKENS,
  LOGIN_SESSIONS,
  type LoginSessionRow,
  type PersonalTokenRow,
  REVOKE_OWN_TOKEN,
} from './accounts.queries.js';

/** An account's own tokens: its signed-in devices, and the personal tokens it makes, lists and revokes. */
@Injectable()
export class AccountTokens {
  constructor(
    private readonly config: Config,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
  ) {}

  /** The account's live login tokens, newest first, marking the one this request came with. */
  async listLoginSessions(principal: Principal): Promise<AccountLoginSession[]> {
    const rows = await sqlRows<LoginSessionRow>(this.dataSource, LOGIN_SESSIONS, [principal.accountId]);
    return rows.map((row) => ({
      id: row.id,
      createdAt: row.created_at.toISOString(),
      expiresAt: row.expires_at.toISOString(),
      ip: row.ip,
      userAgent: row.user_agent,
      current: row.id === principal.tokenId,
    }));
  }

  /**
   * A personal token, optionally narrowed to `maxRole`. Only a recent sign-in
   * makes one (AccountAccess on the route), never another personal token, so
   * narrowing cannot be escaped by minting a new token.
   */
  async createPersonalToken(
    actor: Actor,
    { name, expiresInDays, maxRole }: { name: string; expiresInDays?: number; maxRole?: MemberRole },
  ): Promise<CreatedPersonalAccessToken> {
    // The token and its audit entry commit together.
    const { token, row } = await this.dataSource.transaction(async (manager) => {
      const grant: TokenGrant = { kind: 'personal', name, expiresInDays, maxRole: maxRole ?? null };
      const issued = await issueToken(this.config, actor.accountId, grant, manager);
      await this.audit.write(manager, [
        adminChange(actor, null, 'admin.token.create', { tokenId: issued.row.id, name, maxRole: maxRole ?? null }),
      ]);
      return issued;
    });
    return { ...toPersonalToken(row), token };
  }

  async listPersonalTokens(principal: Principal, offset: number, limit: number) {
    return sqlPage(this.dataSource, LIST_PERSONAL_TOKENS, [principal.accountId], { offset, limit }, toPersonalToken);
  }

  async revokeToken(actor: Actor, tokenId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const revoked = await sqlAffected(manager, REVOKE_OWN_TOKEN, [tokenId, actor.accountId]);
      if (revoked === 0) throw new AppError('NOT_FOUND');
      await this.audit.write(manager, [adminChange(actor, null, 'admin.token.revoke', { tokenId })]);
    });
  }
}

function toPersonalToken(row: PersonalTokenRow): PersonalAccessToken {
  return {
    id: row.id,
    name: row.name ?? '',
    createdAt: row.created_at.toISOString(),
    lastUsedAt: iso(row.last_used_at),
    expiresAt: iso(row.expires_at),
    maxRole: row.max_role,
  };
}
