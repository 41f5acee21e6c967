import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { type Passkey, PasskeyLimits } from '@latchkey/contracts';
import { apiRow } from '../../common/api-row.js';
import { AppError } from '../../common/errors.js';
import { isUniqueViolation, sqlAffected, sqlRows, type SqlExecutor } from '../../common/sql.js';
import type { Actor } from '../../common/auth/actor.js';
import type { Principal } from '../../common/auth/principal.js';
import { adminChange, AuditService } from '../audit/audit.service.js';
import { AccountSignIns } from '../accounts/account-sign-ins.js';
import type { SignInOrigin } from '../accounts/sign-in-origin.js';
import { PasswordChangeResets } from '../accounts/password-change-resets.js';
import { SecondFactorMethods } from '../accounts/second-factor-methods.js';
import {
  ACCOUNT_CREDENTIALS,
  COUNT_PASSKEYS,
  type CredentialRow,
  DELETE_PASSKEY,
  END_REGISTRATION_CHALLENGES,
  INSERT_PASSKEY,
  LIST_PASSKEYS,
  LOCK_ACCOUNT,
  type PasskeyRow,
  RENAME_PASSKEY,
} from './passkeys.queries.js';
import { challengeOf, saveChallenge, toDescriptor, useChallenge, userHandleOf } from './passkey-challenges.js';
import { RELYING_PARTY_NAME, type RelyingParty } from './relying-party.js';

/**
 * An account's passkeys: registration, the list, renaming and removal
 * (signing in with one: PasskeySignIn). Each registration answers a stored
 * challenge used once (passkey-challenges.ts): a replayed response finds none.
 */
@Injectable()
export class PasskeysService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly secondFactors: SecondFactorMethods,
    private readonly signIns: AccountSignIns,
    private readonly passwordChangeResets: PasswordChangeResets,
  ) {}

  /**
   * An account with a passkey is asked for one (or its other second factor)
   * after its password; a password change ends its open registrations.
   */
  onModuleInit() {
    this.secondFactors.register({
      method: 'passkey',
      count: (accountId) => countPasskeys(this.dataSource, accountId),
    });
    this.passwordChangeResets.register({
      name: 'passkeyChallenges',
      end: (manager, accountId) => sqlAffected(manager, END_REGISTRATION_CHALLENGES, [accountId]),
    });
  }

  /** Options for the browser's startRegistration; the account's passkeys are excluded (one credential, one row). */
  async registrationOptions(principal: Principal, rp: RelyingParty): Promise<unknown> {
    const credentials = await sqlRows<CredentialRow>(this.dataSource, ACCOUNT_CREDENTIALS, [principal.accountId]);
    if (credentials.length >= PasskeyLimits.perAccountMax) throw new AppError('PASSKEY_LIMIT');
    const options = await generateRegistrationOptions({
      rpName: RELYING_PARTY_NAME,
      rpID: rp.id,
      userName: principal.email,
      userID: userHandleOf(principal.accountId),
      timeout: PasskeyLimits.challengeSeconds * 1000,
      attestationType: 'none',
      excludeCredentials: credentials.map(toDescriptor),
      // Discoverable where the authenticator can, so the passkey also signs in without the email.
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    });
    await saveChallenge(this.dataSource, 'registration', principal.accountId, options.challenge);
    return options;
  }

  /**
   * Verifies a registration response to a challenge of this account and saves
   * the passkey as `name`; audited, and recorded in the account's sign-ins.
   */
  async register(
    actor: Actor,
    rp: RelyingParty,
    { name, response }: { name: string; response: unknown },
    origin: SignInOrigin,
  ): Promise<Passkey> {
    const challenge = challengeOf(response);
    if (challenge === null) throw new AppError('PASSKEY_REGISTRATION_FAILED');
    await useChallenge(this.dataSource, 'registration', actor.accountId, challenge);
    const verification = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      requireUserVerification: false,
    }).catch(() => null);
    if (!verification?.verified) throw new AppError('PASSKEY_REGISTRATION_FAILED');
    const { credential } = verification.registrationInfo;
    return this.dataSource.transaction(async (manager) => {
      await sqlRows(manager, LOCK_ACCOUNT, [actor.accountId]);
      if ((await countPasskeys(manager, actor.accountId)) >= PasskeyLimits.perAccountMax) {
        throw new AppError('PASSKEY_LIMIT');
      }
      let row: PasskeyRow;
      try {
        [row] = (await sqlRows<PasskeyRow>(manager, INSERT_PASSKEY, [
          actor.accountId,
          credential.id,
          Buffer.from(credential.publicKey),
          credential.counter,
          credential.transports ?? [],
          name,
        ])) as [PasskeyRow];
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('PASSKEY_TAKEN');
        throw err;
      }
      await this.audit.write(manager, [
        adminChange(actor, null, 'admin.passkey.register', { passkeyId: row.id, name }),
      ]);
      await this.signIns.record(manager, actor.accountId, {
        kind: 'passkey-added',
        method: 'passkey',
        outcome: 'success',
        origin,
      });
      return apiRow(row);
    });
  }

  async list(principal: Principal): Promise<Passkey[]> {
    return (await sqlRows<PasskeyRow>(this.dataSource, LIST_PASSKEYS, [principal.accountId])).map(apiRow);
  }

  /** Renames one of the account's passkeys; 404 for another account's. */
  async rename(actor: Actor, passkeyId: string, name: string): Promise<Passkey> {
    return this.dataSource.transaction(async (manager) => {
      const [row] = await sqlRows<PasskeyRow>(manager, RENAME_PASSKEY, [passkeyId, actor.accountId, name]);
      if (!row) throw new AppError('NOT_FOUND');
      await this.audit.write(manager, [adminChange(actor, null, 'admin.passkey.rename', { passkeyId, name })]);
      return apiRow(row);
    });
  }

  /** Removes one of the account's passkeys: it signs in no more. 404 for another account's. */
  async remove(actor: Actor, passkeyId: string, origin: SignInOrigin): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const [row] = await sqlRows<{ id: string; name: string }>(manager, DELETE_PASSKEY, [passkeyId, actor.accountId]);
      if (!row) throw new AppError('NOT_FOUND');
      await this.audit.write(manager, [
        adminChange(actor, null, 'admin.passkey.remove', { passkeyId, name: row.name }),
      ]);
      await this.signIns.record(manager, actor.accountId, {
        kind: 'passkey-removed',
        method: 'passkey',
        outcome: 'success',
        origin,
      });
    });
  }
}

async function countPasskeys(executor: SqlExecutor, accountId: string): Promise<number> {
  const [row] = await sqlRows<{ count: number }>(executor, COUNT_PASSKEYS, [accountId]);
  return row!.count;
}
