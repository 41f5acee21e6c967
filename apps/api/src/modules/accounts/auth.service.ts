import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  type Account,
  type AccountRole,
  type AdminLoginAnswer,
  type AdminLoginResult,
  type ChangePasswordResult,
  type SecondFactorMethod,
  type SignupResult,
  TwoFactorLimits,
} from '@latchkey/contracts';
import { Config } from '../../config/config.js';
import { sha256 } from '../../common/crypto.js';
import { AppError } from '../../common/errors.js';
import { isUniqueViolation, sqlAffected, sqlRows, type SqlExecutor } from '../../common/sql.js';
import type { Actor } from '../../common/auth/actor.js';
import { adminChange, AuditService } from '../audit/audit.service.js';
import { AccountPasswords } from './account-passwords.js';
import { issueToken } from './access-token-issue.js';
import { AccountSignIns } from './account-sign-ins.js';
import type { SignInOrigin } from './sign-in-origin.js';
import { LoginChallenges } from './login-challenges.js';
import { PasswordChangeResets } from './password-change-resets.js';
import { SecondFactorMethods } from './second-factor-methods.js';
import {
  type AccountRow,
  AUTHENTICATE,
  DISABLE_ACCOUNT,
  DROP_PENDING_TOTP,
  ENABLE_ACCOUNT,
  END_LOGIN_CHALLENGES,
  INSERT_ACCOUNT,
  PASSWORD_HASH,
  REVOKE_ACCOUNT_TOKENS,
  REVOKE_TOKEN,
  SET_PASSWORD_HASH,
  STAMP_LOGIN,
  STAMP_TOKEN_USED,
  type TokenPrincipalRow,
} from './accounts.queries.js';
import type { Principal } from '../../common/auth/principal.js';

/** Tokens are stamped as used at most this often, to keep reads cheap. */
const LAST_USED_GRANULARITY_MS = 60_000;

@Injectable()
export class AuthService {
  private readonly logger = new Logger('Auth');

  constructor(
    private readonly config: Config,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly passwords: AccountPasswords,
    private readonly audit: AuditService,
    private readonly secondFactors: SecondFactorMethods,
    private readonly challenges: LoginChallenges,
    private readonly signIns: AccountSignIns,
    private readonly resets: PasswordChangeResets,
  ) {}

  /** A new owner; 409 `Email already registered` when another owner has the email (a reseller's does not count). */
  async signup(email: string, password: string, origin: SignInOrigin): Promise<SignupResult> {
    if (!this.config.SIGNUP_ENABLED) throw new AppError('SIGNUP_DISABLED');
    const account = await this.dataSource.transaction((manager) =>
      this.insertAccount(manager, { email, password, role: 'owner', appId: null }),
    );
    const { token } = await issueToken(this.config, account.id, { kind: 'login', origin }, this.dataSource.manager);
    return { account: toAccount(account), accessToken: token };
  }

  /**
   * Signs in the account of `email` whose password this is (AccountPasswords.signIn);
   * 401 for anything else. An account with a second factor gets a challenge
   * to answer instead of a token (SecondFactorSignIn).
   */
  async login(email: string, password: string, origin: SignInOrigin): Promise<AdminLoginAnswer> {
    const { account, refused } = await this.passwords.signIn(email, password);
    if (!account) {
      this.recordWrongPassword(refused, origin);
      throw new AppError('INVALID_ADMIN_LOGIN');
    }
    const methods = await this.secondFactors.of(account.id);
    if (methods.length === 0) {
      return this.dataSource.transaction((manager) => this.completeLogin(manager, account, 'password', origin));
    }
    const challengeToken = await this.challenges.create(account.id, origin);
    await this.signIns.record(this.dataSource, account.id, {
      kind: 'sign-in',
      method: 'password',
      outcome: 'challenged',
      origin,
    });
    return {
      secondFactorRequired: true,
      challengeToken,
      expiresIn: TwoFactorLimits.challengeSeconds,
      methods,
    };
  }

  /**
   * Shows a wrong password in the history of each account of the email it was
   * tried on (never what was typed; an unknown email records nothing). Not
   * awaited: the refusal must take as long whether or not the email has an
   * account.
   */
  private recordWrongPassword(accountIds: string[], origin: SignInOrigin): void {
    for (const accountId of accountIds) {
      this.signIns
        .record(this.dataSource, accountId, {
          kind: 'sign-in',
          method: 'password',
          outcome: 'failed',
          reason: 'wrong password',
          origin,
        })
        .catch((err: Error) => this.logger.warn(`could not record a refused sign-in: ${err.message}`));
    }
  }

  /**
   * The login answer for an account that has proved itself with `method`, in
   * `manager`'s transaction: a login token, the account's last login stamped,
   * the sign-in recorded.
   */
  async completeLogin(
    manager: EntityManager,
    account: AccountRow,
    method: 'password' | SecondFactorMethod,
    origin: SignInOrigin,
  ): Promise<AdminLoginResult> {
    const { token } = await issueToken(this.config, account.id, { kind: 'login', origin }, manager);
    await sqlAffected(manager, STAMP_LOGIN, [account.id]);
    await this.signIns.record(manager, account.id, { kind: 'sign-in', method, outcome: 'success', origin });
    return {
      accessToken: token,
      tokenType: 'Bearer',
      expiresIn: this.config.ACCESS_TOKEN_TTL_SECONDS,
      account: toAccount(account),
    };
  }

  async logout(principal: Principal): Promise<void> {
    await sqlAffected(this.dataSource, REVOKE_TOKEN, [principal.tokenId]);
  }

  /** Resolves a presented bearer token to its principal, or null when unknown, expired or revoked. */
  async authenticate(token: string): Promise<Principal | null> {
    const [row] = await sqlRows<TokenPrincipalRow>(this.dataSource, AUTHENTICATE, [sha256(token)]);
    if (!row) return null;
    if (!row.last_used_at || Date.now() - row.last_used_at.getTime() > LAST_USED_GRANULARITY_MS) {
      await sqlAffected(this.dataSource, STAMP_TOKEN_USED, [row.token_id]);
    }
    return {
      accountId: row.account_id,
      email: row.email,
      role: row.role,
      tokenId: row.token_id,
      maxRole: row.max_role,
      tokenKind: row.kind,
      issuedAt: row.created_at,
    };
  }

  /**
   * Changes the password and, in one transaction, ends everything a stolen
   * password or session could have left behind: every other token (login and
   * personal), unanswered sign-in challenges, a pending TOTP enrolment, open
   * passkey ceremonies and the pending invitations the account created
   * (PasswordChangeResets). The token the change was made with stays; so do
   * passkeys and an enabled TOTP, which only a recent sign-in could add
   * (docs/security.md, "What a password change ends").
   */
  async changePassword(
    actor: Actor,
    principal: Principal,
    currentPassword: string,
    newPassword: string,
  ): Promise<ChangePasswordResult> {
    const currentHash = await passwordHashOf(this.dataSource, principal.accountId);
    if (!(await this.passwords.matches(currentPassword, currentHash))) {
      throw new AppError('WRONG_CURRENT_PASSWORD');
    }
    const passwordHash = await this.passwords.rehash(currentHash, newPassword);
    return this.dataSource.transaction(async (manager) => {
      await sqlAffected(manager, SET_PASSWORD_HASH, [principal.accountId, passwordHash]);
      const revokedTokens = await revokeTokens(manager, principal.accountId, { except: principal.tokenId });
      await sqlAffected(manager, END_LOGIN_CHALLENGES, [principal.accountId]);
      await sqlAffected(manager, DROP_PENDING_TOTP, [principal.accountId]);
      const { invitations: revokedInvitations } = await this.resets.endAll(manager, principal.accountId);
      await this.audit.write(manager, [
        adminChange(actor, null, 'admin.account.password', { revokedTokens, revokedInvitations }),
      ]);
      return { revokedTokens, revokedInvitations };
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
  ): Promise<AccountRow> {
    return this.insertAccount(manager, { email, password, role: 'reseller', appId });
  }

  /** Sets another account's password (an owner resetting its reseller's); every token of it is revoked. */
  async resetPassword(manager: EntityManager, accountId: string, password: string): Promise<void> {
    const passwordHash = await this.passwords.rehash(await passwordHashOf(manager, accountId), password);
    await sqlAffected(manager, SET_PASSWORD_HASH, [accountId, passwordHash]);
    await revokeTokens(manager, accountId);
  }

  /**
   * Disables an account (login refused, every token revoked, so enabling it
   * again brings no old token back) or enables it.
   */
  async setDisabled(manager: EntityManager, accountId: string, { disabled }: { disabled: boolean }): Promise<void> {
    if (!disabled) {
      await sqlAffected(manager, ENABLE_ACCOUNT, [accountId]);
      return;
    }
    await sqlAffected(manager, DISABLE_ACCOUNT, [accountId]);
    await revokeTokens(manager, accountId);
  }

  /** Inserts an account in `manager`'s transaction; 409 `Email already registered` when its scope has the email. */
  private async insertAccount(
    manager: EntityManager,
    { email, password, role, appId }: { email: string; password: string; role: AccountRole; appId: string | null },
  ): Promise<AccountRow> {
    const passwordHash = await this.passwords.hashForNewAccount(manager, email, password);
    try {
      const [account] = await sqlRows<AccountRow>(manager, INSERT_ACCOUNT, [email, passwordHash, role, appId]);
      return account!;
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('EMAIL_TAKEN');
      throw err;
    }
  }
}

/** Revokes every live token of the account, login and personal, but `except` (the one a request came with). */
async function revokeTokens(
  manager: EntityManager,
  accountId: string,
  { except }: { except?: string } = {},
): Promise<number> {
  return sqlAffected(manager, REVOKE_ACCOUNT_TOKENS, [accountId, except ?? null]);
}

/** The account's password hash; the account exists (its token was just checked, or its owner just read it). */
export async function passwordHashOf(executor: SqlExecutor, accountId: string): Promise<string> {
  const [account] = await sqlRows<Pick<AccountRow, 'password_hash'>>(executor, PASSWORD_HASH, [accountId]);
  if (!account) throw new AppError('NOT_FOUND');
  return account.password_hash;
}

function toAccount(account: AccountRow): Account {
  return { id: account.id, email: account.email, role: account.role };
}
