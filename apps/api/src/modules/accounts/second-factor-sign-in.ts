import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { AdminLoginResult, SecondFactorMethod, SecondFactorRequest } from '@latchkey/contracts';
import { AppError } from '../../common/errors.js';
import { sqlRows } from '../../common/sql.js';
import { AccountSignIns } from './account-sign-ins.js';
import type { SignInOrigin } from './sign-in-origin.js';
import type { AccountRow } from './accounts.queries.js';
import { AuthService } from './auth.service.js';
import { type ChallengeAttempt, LoginChallenges } from './login-challenges.js';
import { requireOneCode, TwoFactorService } from './two-factor.service.js';
import { ENABLED_ACCOUNT } from './two-factor.queries.js';

/**
 * Uses the account's second factor, in the transaction that uses the
 * challenge: true when it proved the account (a code accepted once, a
 * passkey's signature checked and its counter moved), false when not.
 */
export type FactorUse = (manager: EntityManager, accountId: string) => Promise<boolean>;

/** What a refused second step answers, and the word its sign-in event records: a passkey is not a code. */
const REFUSAL = {
  totp: { code: 'INVALID_SECOND_FACTOR_CODE', reason: 'invalid code' },
  recovery: { code: 'INVALID_SECOND_FACTOR_CODE', reason: 'invalid code' },
  passkey: { code: 'PASSKEY_REFUSED', reason: 'passkey not recognised' },
} as const satisfies Record<SecondFactorMethod, { code: string; reason: string }>;

/**
 * The second step of a sign-in: a challenge (LoginChallenges) answered with
 * a TOTP code, a recovery code, or (through `complete`) a passkey.
 * Every answer counts as an attempt first; a right one uses the challenge and
 * the factor in one transaction and gets the login answer.
 */
@Injectable()
export class SecondFactorSignIn {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly auth: AuthService,
    private readonly challenges: LoginChallenges,
    private readonly twoFactor: TwoFactorService,
    private readonly signIns: AccountSignIns,
  ) {}

  /** `POST /v1/admin/auth/login/second-factor` */
  async answer(request: SecondFactorRequest, origin: SignInOrigin): Promise<AdminLoginResult> {
    const { challengeToken, totpCode, recoveryCode } = request;
    requireOneCode(totpCode, recoveryCode, 'totpCode');
    const attempt = await this.takeAttempt(challengeToken);
    if (totpCode !== undefined) {
      const step = await this.twoFactor.matchingStep(attempt.accountId, totpCode);
      return this.complete(attempt, 'totp', origin, (manager, accountId) =>
        step === null ? Promise.resolve(false) : this.twoFactor.acceptTotpStep(manager, accountId, step),
      );
    }
    return this.complete(attempt, 'recovery', origin, (manager, accountId) =>
      this.twoFactor.useRecoveryCode(manager, accountId, recoveryCode!),
    );
  }

  /** Counts an answer against the live challenge of `token`; 401 `Sign-in challenge expired or already used` when none. */
  async takeAttempt(token: string): Promise<ChallengeAttempt> {
    const attempt = await this.challenges.takeAttempt(token);
    if (!attempt) throw new AppError('SIGN_IN_CHALLENGE_EXPIRED');
    return attempt;
  }

  /**
   * Uses the challenge and the factor (`useFactor`) in one transaction and
   * answers the login: 401 `Sign-in challenge expired or already used` when
   * the challenge was used meanwhile (or its account disabled), 401 `Invalid
   * code` (`Passkey not recognised` for a passkey) when the factor refused
   * (the challenge stays usable while it has attempts, and the failure is
   * recorded in the account's sign-ins).
   */
  async complete(
    attempt: ChallengeAttempt,
    method: SecondFactorMethod,
    origin: SignInOrigin,
    useFactor: FactorUse,
  ): Promise<AdminLoginResult> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        if (!(await this.challenges.use(manager, attempt.challengeId))) throw new AppError('SIGN_IN_CHALLENGE_EXPIRED');
        if (!(await useFactor(manager, attempt.accountId))) throw new AppError(REFUSAL[method].code);
        const [account] = await sqlRows<AccountRow>(manager, ENABLED_ACCOUNT, [attempt.accountId]);
        if (!account) throw new AppError('SIGN_IN_CHALLENGE_EXPIRED');
        return this.auth.completeLogin(manager, account, method, origin);
      });
    } catch (err) {
      if (err instanceof AppError && err.code === REFUSAL[method].code) {
        await this.signIns.record(this.dataSource, attempt.accountId, {
          kind: 'sign-in',
          method,
          outcome: 'failed',
          reason: REFUSAL[method].reason,
          origin,
        });
      }
      throw err;
    }
  }
}
