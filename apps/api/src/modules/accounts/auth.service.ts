import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, MoreThan, Repository, type EntityManager } from 'typeorm';
import type {
  Account,
  AccountLoginSession,
  AdminLoginResult,
  CreatedPersonalAccessToken,
  PersonalAccessToken,
  SignupResult,
} from '@latchkey/contracts';
import { Config } from '../../config/config.js';
import { randomSecret, sha256 } from '../../common/crypto.js';
import { AppError } from '../../common/errors.js';
import { isUniqueViolation } from '../../common/sql.js';
import { iso } from '../../common/iso.js';
import type { Actor } from '../../common/auth/actor.js';
import { adminChange, AuditService } from '../audit/audit.service.js';
import { AccessTokenEntity, type AccessTokenKind } from './access-token.entity.js';
import { AccountEntity } from './account.entity.js';
import { AccountPasswords } from './account-passwords.js';
import type { Principal } from '../../common/auth/principal.js';

const LOGIN_TOKEN_PREFIX = 'lka_';
const PERSONAL_TOKEN_PREFIX = 'lkp_';
/** Tokens are stamped as used at most this often, to keep reads cheap. */
const LAST_USED_GRANULARITY_MS = 60_000;
const DAY_MS = 24 * 3600 * 1000;

/** Where a login token is being issued to: shown back in the account's list of sign-ins. */
export interface SignInOrigin {
  ip: string;
  userAgent: string | null;
}

@Injectable()
export class AuthService {
  constructor(
    private readonly config: Config,
    @InjectRepository(AccountEntity) private readonly accounts: Repository<AccountEntity>,
    @InjectRepository(AccessTokenEntity) private readonly tokens: Repository<AccessTokenEntity>,
    private readonly passwords: AccountPasswords,
    private readonly audit: AuditService,
  ) {}

  /** A new owner; 409 `Email already registered` when another owner has the email (a reseller's does not count). */
  async signup(email: string, password: string, origin: SignInOrigin): Promise<SignupResult> {
    if (!this.config.SIGNUP_ENABLED) throw new AppError('SIGNUP_DISABLED');
    const account = await this.accounts.manager.transaction((manager) =>
      this.insertAccount(manager, { email, password, role: 'owner', appId: null }),
    );
    const { token } = await this.issue(account.id, { kind: 'login', origin });
    return { account: toAccount(account), accessToken: token };
  }

  /** Signs in the account of `email` whose password this is (AccountPasswords.signIn); 401 for anything else. */
  async login(email: string, password: string, origin: SignInOrigin): Promise<AdminLoginResult> {
    const account = await this.passwords.signIn(email, password);
    if (!account) throw new AppError('INVALID_ADMIN_LOGIN');
    const { token } = await this.issue(account.id, { kind: 'login', origin });
    await this.accounts.update({ id: account.id }, { lastLoginAt: new Date() });
    return {
      accessToken: token,
      tokenType: 'Bearer',
      expiresIn: this.config.ACCESS_TOKEN_TTL_SECONDS,
      account: toAccount(account),
    };
  }

  async logout(principal: Principal): Promise<void> {
    await this.tokens.update({ id: principal.tokenId }, { revokedAt: new Date() });
  }

  /** Resolves a presented bearer token to its principal, or null when unknown, expired or revoked. */
  async authenticate(token: string): Promise<Principal | null> {
    const rows: Array<{
      token_id: string;
      last_used_at: Date | null;
      account_id: string;
      email: string;
      role: Principal['role'];
    }> = await this.tokens.query(
      `SELECT t.id AS token_id, t.last_used_at, a.id AS account_id, a.email, a.role
         FROM access_tokens t JOIN accounts a ON a.id = t.account_id
        WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND (t.expires_at IS NULL OR t.expires_at > now())
          AND a.disabled_at IS NULL`,
      [sha256(token)],
    );
    const row = rows[0];
    if (!row) return null;
    if (!row.last_used_at || Date.now() - row.last_used_at.getTime() > LAST_USED_GRANULARITY_MS) {
      await this.tokens.update({ id: row.token_id }, { lastUsedAt: new Date() });
    }
    return { accountId: row.account_id, email: row.email, role: row.role, tokenId: row.token_id };
  }

  /**
   * Changes the password and revokes every other token of the account, login
   * and personal, in one transaction: nothing minted with a stolen password or
   * session outlives the change. The token the change was made with stays.
   */
  async changePassword(actor: Actor, principal: Principal, currentPassword: string, newPassword: string) {
    const account = await this.accounts.findOneByOrFail({ id: principal.accountId });
    if (!(await this.passwords.matches(currentPassword, account.passwordHash))) {
      throw new AppError('WRONG_CURRENT_PASSWORD');
    }
    const passwordHash = await this.passwords.rehash(account.passwordHash, newPassword);
    await this.accounts.manager.transaction(async (manager) => {
      await manager.update(AccountEntity, { id: account.id }, { passwordHash });
      await revokeTokens(manager, account.id, { except: principal.tokenId });
      await this.audit.write(manager, [adminChange(actor, null, 'admin.account.password', {})]);
    });
  }

  /** The account's live login tokens, newest first, marking the one this request came with. */
  async listLoginSessions(principal: Principal): Promise<AccountLoginSession[]> {
    const rows = await this.tokens.find({
      where: { accountId: principal.accountId, kind: 'login', revokedAt: IsNull(), expiresAt: MoreThan(new Date()) },
      order: { createdAt: 'DESC' },
    });
    return rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt!.toISOString(),
      ip: row.ip,
      userAgent: row.userAgent,
      current: row.id === principal.tokenId,
    }));
  }

  async createPersonalToken(actor: Actor, name: string, expiresInDays?: number): Promise<CreatedPersonalAccessToken> {
    // The token and its audit entry commit together.
    const { token, entity } = await this.tokens.manager.transaction(async (manager) => {
      const issued = await this.issue(actor.accountId, { kind: 'personal', name, expiresInDays }, manager);
      await this.audit.write(manager, [
        adminChange(actor, null, 'admin.token.create', { tokenId: issued.entity.id, name }),
      ]);
      return issued;
    });
    return { ...toPersonalToken(entity), token };
  }

  async listPersonalTokens(principal: Principal, offset: number, limit: number) {
    const [rows, total] = await this.tokens.findAndCount({
      where: [
        { accountId: principal.accountId, kind: 'personal', revokedAt: IsNull(), expiresAt: IsNull() },
        { accountId: principal.accountId, kind: 'personal', revokedAt: IsNull(), expiresAt: MoreThan(new Date()) },
      ],
      order: { createdAt: 'DESC' },
      skip: offset,
      take: limit,
    });
    return { items: rows.map(toPersonalToken), total };
  }

  async revokeToken(actor: Actor, tokenId: string): Promise<void> {
    await this.tokens.manager.transaction(async (manager) => {
      const result = await manager.update(
        AccessTokenEntity,
        { id: tokenId, accountId: actor.accountId, revokedAt: IsNull() },
        { revokedAt: new Date() },
      );
      if (!result.affected) throw new AppError('NOT_FOUND');
      await this.audit.write(manager, [adminChange(actor, null, 'admin.token.revoke', { tokenId })]);
    });
  }

  /**
   * Creates the account of a reseller of `appId` inside the caller's
   * transaction (the resellers module adds its record there). Its email is
   * unique among the app's resellers only: 409 `Email already registered`
   * for another reseller of the app, whatever accounts elsewhere have it.
   */
  async createResellerAccount(
    manager: EntityManager,
    appId: string,
    email: string,
    password: string,
  ): Promise<AccountEntity> {
    return this.insertAccount(manager, { email, password, role: 'reseller', appId });
  }

  /** Sets another account's password (an owner resetting its reseller's); every token of it is revoked. */
  async resetPassword(manager: EntityManager, accountId: string, password: string): Promise<void> {
    const account = await manager.findOneByOrFail(AccountEntity, { id: accountId });
    const passwordHash = await this.passwords.rehash(account.passwordHash, password);
    await manager.update(AccountEntity, { id: accountId }, { passwordHash });
    await revokeTokens(manager, accountId);
  }

  /**
   * Disables an account (login refused, every token revoked, so enabling it
   * again brings no old token back) or enables it.
   */
  async setDisabled(manager: EntityManager, accountId: string, { disabled }: { disabled: boolean }): Promise<void> {
    if (!disabled) {
      await manager.update(AccountEntity, { id: accountId }, { disabledAt: null });
      return;
    }
    await manager.query(`UPDATE accounts SET disabled_at = coalesce(disabled_at, now()) WHERE id = $1`, [accountId]);
    await revokeTokens(manager, accountId);
  }

  /** Inserts an account in `manager`'s transaction; 409 `Email already registered` when its scope has the email. */
  private async insertAccount(
    manager: EntityManager,
    fields: Pick<AccountEntity, 'email' | 'role' | 'appId'> & { password: string },
  ): Promise<AccountEntity> {
    const { password, ...account } = fields;
    const passwordHash = await this.passwords.hashForNewAccount(manager, account.email, password);
    try {
      return await manager.save(manager.create(AccountEntity, { ...account, passwordHash }));
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('EMAIL_TAKEN');
      throw err;
    }
  }

  /** A new token for the account, saved through `manager` (the caller's transaction, if any). */
  private async issue(accountId: string, grant: TokenGrant, manager: EntityManager = this.tokens.manager) {
    const token = randomSecret(grant.kind === 'login' ? LOGIN_TOKEN_PREFIX : PERSONAL_TOKEN_PREFIX);
    const fields =
      grant.kind === 'login'
        ? {
            kind: grant.kind,
            name: null,
            expiresAt: new Date(Date.now() + this.config.ACCESS_TOKEN_TTL_SECONDS * 1000),
            ip: grant.origin.ip,
            userAgent: grant.origin.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
          }
        : {
            kind: grant.kind,
            name: grant.name,
            expiresAt: grant.expiresInDays ? new Date(Date.now() + grant.expiresInDays * DAY_MS) : null,
          };
    const tokens = manager.getRepository(AccessTokenEntity);
    const entity = await tokens.save(tokens.create({ accountId, tokenHash: sha256(token), ...fields }));
    return { token, entity };
  }
}

type TokenGrant =
  | { kind: Extract<AccessTokenKind, 'login'>; origin: SignInOrigin }
  | { kind: Extract<AccessTokenKind, 'personal'>; name: string; expiresInDays?: number };

/** Revokes every live token of the account, login and personal, but `except` (the one a request came with). */
async function revokeTokens(manager: EntityManager, accountId: string, { except }: { except?: string } = {}) {
  await manager.query(
    `UPDATE access_tokens SET revoked_at = now()
      WHERE account_id = $1 AND revoked_at IS NULL AND id IS DISTINCT FROM $2`,
    [accountId, except ?? null],
  );
}

/** A user agent is kept for display only; longer ones are cut. */
const USER_AGENT_MAX = 512;

function toAccount(account: AccountEntity): Account {
  return { id: account.id, email: account.email, role: account.role };
}

function toPersonalToken(entity: AccessTokenEntity): PersonalAccessToken {
  return {
    id: entity.id,
    name: entity.name ?? '',
    createdAt: entity.createdAt.toISOString(),
    lastUsedAt: iso(entity.lastUsedAt),
    expiresAt: iso(entity.expiresAt),
  };
}
