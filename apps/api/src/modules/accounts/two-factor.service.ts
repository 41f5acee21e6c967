import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import QRCode from 'qrcode';
import {
  type DisableTotpRequest,
  type RecoveryCodes,
  type TotpEnrolment,
  TwoFactorLimits,
  TwoFactorMessage,
} from '@latchkey/contracts';
import { Config } from '../../config/config.js';
import { decryptWithMasterKey, encryptWithMasterKey } from '../../common/crypto.js';
import { AppError, fieldError } from '../../common/errors.js';
import { sqlAffected, sqlRows } from '../../common/sql.js';
import type { Principal } from '../../common/auth/principal.js';
import { AccountPasswords } from './account-passwords.js';
import { AccountSignIns } from './account-sign-ins.js';
import type { SignInOrigin } from './sign-in-origin.js';
import { passwordHashOf } from './auth.service.js';
import { newRecoveryCode, recoveryCodeDigest } from './recovery-codes.js';
import { matchingTotpStep, newTotpSecret, otpauthUri } from './totp.js';
import {
  ACCEPT_TOTP_STEP,
  DELETE_RECOVERY_CODES,
  DISABLE_TOTP,
  ENABLE_TOTP,
  INSERT_RECOVERY_CODES,
  SET_PENDING_TOTP,
  TOTP_STATE,
  type TotpRow,
  USE_RECOVERY_CODE,
} from './two-factor.queries.js';

/**
 * An account's TOTP second factor and recovery codes: enrolment (a pending
 * secret that its first code turns on), recovery codes (shown once, stored
 * as digests), turning it off, and the checks the second sign-in step runs.
 * The secret is sealed under MASTER_KEY; the server must read it to check a code.
 */
@Injectable()
export class TwoFactorService {
  private readonly masterKey: Buffer;

  constructor(
    config: Config,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly passwords: AccountPasswords,
    private readonly signIns: AccountSignIns,
  ) {
    this.masterKey = config.masterKey;
  }

  /** A new pending secret (replacing a pending one); 409 while TOTP is on. */
  async enrol(principal: Principal): Promise<TotpEnrolment> {
    const secret = newTotpSecret();
    const [pending] = await sqlRows(this.dataSource, SET_PENDING_TOTP, [principal.accountId, this.seal(secret)]);
    if (!pending) throw new AppError('TOTP_ALREADY_ENABLED');
    const uri = otpauthUri(secret, principal.email);
    return { secret, otpauthUri: uri, qrCodeSvg: await QRCode.toString(uri, { type: 'svg', margin: 2 }) };
  }

  /** Turns the pending secret on with its first code; answers the account's first recovery codes. */
  async confirm(principal: Principal, code: string, origin: SignInOrigin): Promise<RecoveryCodes> {
    const totp = await this.totpState(principal.accountId);
    if (totp.totp_enabled_at) throw new AppError('TOTP_ALREADY_ENABLED');
    if (!totp.totp_secret_sealed) throw new AppError('NO_PENDING_TOTP');
    const step = matchingTotpStep(this.unseal(totp.totp_secret_sealed), code);
    if (step === null) throw new AppError('INVALID_SECOND_FACTOR_CODE');
    return this.dataSource.transaction(async (manager) => {
      const [enabled] = await sqlRows(manager, ENABLE_TOTP, [principal.accountId, totp.totp_secret_sealed, step]);
      // Replaced, enabled or answered meanwhile by a parallel request.
      if (!enabled) throw new AppError('INVALID_SECOND_FACTOR_CODE');
      const recoveryCodes = await this.replaceRecoveryCodes(manager, principal.accountId);
      await this.signIns.record(manager, principal.accountId, {
        kind: 'totp-enabled',
        method: 'totp',
        outcome: 'success',
        origin,
      });
      return { recoveryCodes };
    });
  }

  /** New recovery codes for a current TOTP code; the old ones stop working. */
  async regenerateRecoveryCodes(principal: Principal, code: string, origin: SignInOrigin): Promise<RecoveryCodes> {
    const step = this.stepOf(await this.enabledTotp(principal.accountId), code);
    return this.dataSource.transaction(async (manager) => {
      if (!(await this.acceptTotpStep(manager, principal.accountId, step))) {
        throw new AppError('INVALID_SECOND_FACTOR_CODE');
      }
      const recoveryCodes = await this.replaceRecoveryCodes(manager, principal.accountId);
      await this.signIns.record(manager, principal.accountId, {
        kind: 'recovery-codes-regenerated',
        method: 'totp',
        outcome: 'success',
        origin,
      });
      return { recoveryCodes };
    });
  }

  /** TOTP off, for the password and a current code or an unused recovery code; the recovery codes go too. */
  async disable(principal: Principal, request: DisableTotpRequest, origin: SignInOrigin): Promise<void> {
    const { code, recoveryCode } = request;
    requireOneCode(code, recoveryCode, 'code');
    if (!(await this.passwords.matches(request.password, await passwordHashOf(this.dataSource, principal.accountId)))) {
      throw new AppError('WRONG_CURRENT_PASSWORD');
    }
    const totp = await this.enabledTotp(principal.accountId);
    const step = code === undefined ? null : this.stepOf(totp, code);
    await this.dataSource.transaction(async (manager) => {
      const proved =
        step !== null
          ? await this.acceptTotpStep(manager, principal.accountId, step)
          : await this.useRecoveryCode(manager, principal.accountId, recoveryCode!);
      if (!proved) throw new AppError('INVALID_SECOND_FACTOR_CODE');
      if ((await sqlRows(manager, DISABLE_TOTP, [principal.accountId])).length === 0) {
        throw new AppError('TOTP_NOT_ENABLED');
      }
      await sqlAffected(manager, DELETE_RECOVERY_CODES, [principal.accountId]);
      await this.signIns.record(manager, principal.accountId, {
        kind: 'totp-disabled',
        method: step !== null ? 'totp' : 'recovery',
        outcome: 'success',
        origin,
      });
    });
  }

  /** The time step `code` matches for the account's enabled TOTP; null when it matches none or TOTP is off. */
  async matchingStep(accountId: string, code: string): Promise<number | null> {
    const totp = await this.totpState(accountId);
    if (!totp.totp_enabled_at || !totp.totp_secret_sealed) return null;
    return matchingTotpStep(this.unseal(totp.totp_secret_sealed), code);
  }

  /** Accepts `step` in `manager`'s transaction unless it (or a later one) was accepted before. */
  async acceptTotpStep(manager: EntityManager, accountId: string, step: number): Promise<boolean> {
    return (await sqlRows(manager, ACCEPT_TOTP_STEP, [accountId, step])).length === 1;
  }

  /** Uses an unused recovery code of the account in `manager`'s transaction; false when unknown or used. */
  async useRecoveryCode(manager: EntityManager, accountId: string, code: string): Promise<boolean> {
    const digest = recoveryCodeDigest(code);
    if (!digest) return false;
    return (await sqlRows(manager, USE_RECOVERY_CODE, [accountId, digest])).length === 1;
  }

  /** The account's TOTP state; 409 when TOTP is off. */
  private async enabledTotp(accountId: string): Promise<TotpRow & { totp_secret_sealed: Buffer }> {
    const totp = await this.totpState(accountId);
    if (!totp.totp_enabled_at || !totp.totp_secret_sealed) throw new AppError('TOTP_NOT_ENABLED');
    return { ...totp, totp_secret_sealed: totp.totp_secret_sealed };
  }

  /** The time step `code` matches for the secret; 401 when it matches none. */
  private stepOf(totp: { totp_secret_sealed: Buffer }, code: string): number {
    const step = matchingTotpStep(this.unseal(totp.totp_secret_sealed), code);
    if (step === null) throw new AppError('INVALID_SECOND_FACTOR_CODE');
    return step;
  }

  private async replaceRecoveryCodes(manager: EntityManager, accountId: string): Promise<string[]> {
    const codes = Array.from({ length: TwoFactorLimits.recoveryCodes }, newRecoveryCode);
    await sqlAffected(manager, DELETE_RECOVERY_CODES, [accountId]);
    await sqlRows(manager, INSERT_RECOVERY_CODES, [accountId, codes.map((code) => recoveryCodeDigest(code)!)]);
    return codes;
  }

  private async totpState(accountId: string): Promise<TotpRow> {
    const [row] = await sqlRows<TotpRow>(this.dataSource, TOTP_STATE, [accountId]);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  private seal(secret: string): Buffer {
    return encryptWithMasterKey(this.masterKey, Buffer.from(secret, 'utf8'));
  }

  private unseal(sealed: Buffer): string {
    return decryptWithMasterKey(this.masterKey, sealed).toString('utf8');
  }
}

/** A request that takes a TOTP code or a recovery code: 400 naming `codeField` when it has both or neither. */
export function requireOneCode(code: string | undefined, recoveryCode: string | undefined, codeField: string): void {
  if ((code === undefined) === (recoveryCode === undefined)) throw fieldError(codeField, TwoFactorMessage.oneCode);
}
