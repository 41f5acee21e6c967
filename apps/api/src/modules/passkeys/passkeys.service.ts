import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import {
  type AdminLoginResult,
  type Passkey,
  type PasskeyAuthenticationOptions,
  PasskeyLimits,
} from '@latchkey/contracts';
import { sha256 } from '../../common/crypto.js';
import { apiRow } from '../../common/api-row.js';
import { AppError } from '../../common/errors.js';
import { isUniqueViolation, sqlAffected, sqlRows, type SqlExecutor } from '../../common/sql.js';
import type { Actor } from '../../common/auth/actor.js';
import type { Principal } from '../../common/auth/principal.js';
import { adminChange, AuditService } from '../audit/audit.service.js';
import { AccountSignIns } from '../accounts/account-sign-ins.js';
import type { AccountRow } from '../accounts/accounts.queries.js';
import type { SignInOrigin } from '../accounts/sign-in-origin.js';
import { AuthService } from '../accounts/auth.service.js';
import { LoginChallenges } from '../accounts/login-challenges.js';
import { PasswordChangeResets } from '../accounts/password-change-resets.js';
import { SecondFactorMethods } from '../accounts/second-factor-methods.js';
import { SecondFactorSignIn } from '../accounts/second-factor-sign-in.js';
import {
  ACCOUNT_CREDENTIALS,
  COUNT_PASSKEYS,
  CREDENTIAL_OF_ENABLED_ACCOUNT,
  type CredentialRow,
  DELETE_OLD_CHALLENGES,
  DELETE_PASSKEY,
  ENABLED_ACCOUNT,
  END_REGISTRATION_CHALLENGES,
  INSERT_CHALLENGE,
  INSERT_PASSKEY,
  LIST_PASSKEYS,
  LOCK_ACCOUNT,
  type PasskeyChallengePurpose,
  type PasskeyRow,
  RENAME_PASSKEY,
  STAMP_PASSKEY_USED,
  USE_CHALLENGE,
} from './passkeys.queries.js';
import { RELYING_PARTY_NAME, type RelyingParty } from './relying-party.js';

/**
 * An account's passkeys: registration, the list, renaming and removal, and
 * signing in with one, without a password or as the second step after it
 * (through the accounts module's SecondFactorSignIn). Every WebAuthn challenge is stored
 * as its SHA-256, bound to its purpose (and account), lives
 * PasskeyLimits.challengeSeconds and is used once, by the statement that
 * accepts it, before the response is verified: a replayed response finds no
 * challenge.
 */
@Injectable()
export class PasskeysService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly auth: AuthService,
    private readonly audit: AuditService,
    private readonly secondFactors: SecondFactorMethods,
    private readonly secondFactor: SecondFactorSignIn,
    private readonly challenges: LoginChallenges,
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
    await this.saveChallenge('registration', principal.accountId, options.challenge);
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
    await this.useChallenge('registration', actor.accountId, challenge);
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

  /**
   * Options for a passwordless sign-in: any discoverable passkey of this
   * relying party, verified by the user (PIN or biometrics: the passkey is
   * both factors). The answer's passkeyChallengeId goes back with the response.
   */
  async passwordlessOptions(rp: RelyingParty): Promise<PasskeyAuthenticationOptions> {
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      userVerification: 'required',
      timeout: PasskeyLimits.challengeSeconds * 1000,
    });
    const passkeyChallengeId = await this.saveChallenge('sign-in', null, options.challenge);
    return { options, passkeyChallengeId };
  }

  /**
   * Signs in with a passkey alone: the challenge `passkeyChallengeId` is used,
   * then the assertion must verify against the passkey it names, with the
   * user verified, and move its signature counter forward. A refused
   * assertion by a known passkey is recorded in its account's sign-ins.
   */
  async signInPasswordless(
    rp: RelyingParty,
    passkeyChallengeId: string,
    response: unknown,
    origin: SignInOrigin,
  ): Promise<AdminLoginResult> {
    const challenge = challengeOf(response);
    if (challenge === null) throw new AppError('PASSKEY_REFUSED');
    await this.useChallenge('sign-in', null, challenge, passkeyChallengeId);
    const passkey = await this.passkeyOf(response);
    if (!passkey) throw new AppError('PASSKEY_REFUSED');
    const signedIn = await this.dataSource.transaction(async (manager) => {
      if (!(await this.useAssertion(manager, rp, passkey, challenge, response, { userVerification: true }))) {
        return null;
      }
      const [account] = await sqlRows<AccountRow>(manager, ENABLED_ACCOUNT, [passkey.account_id]);
      return account ? this.auth.completeLogin(manager, account, 'passkey', origin) : null;
    });
    if (signedIn) return signedIn;
    await this.signIns.record(this.dataSource, passkey.account_id, {
      kind: 'sign-in',
      method: 'passkey',
      outcome: 'failed',
      reason: 'passkey refused',
      origin,
    });
    throw new AppError('PASSKEY_REFUSED');
  }

  /**
   * Options for the second step of a password sign-in: one of the account's
   * passkeys, for the live sign-in challenge `challengeToken`, which keeps the
   * WebAuthn challenge's SHA-256 (a new request replaces it). 401 `Sign-in
   * challenge expired or already used` when that challenge is not live.
   */
  async secondFactorOptions(rp: RelyingParty, challengeToken: string): Promise<PasskeyAuthenticationOptions> {
    const challenge = randomBytes(32);
    const attempt = await this.challenges.setWebauthnChallenge(
      challengeToken,
      digestOf(challenge.toString('base64url')),
    );
    if (!attempt) throw new AppError('SIGN_IN_CHALLENGE_EXPIRED');
    const credentials = await sqlRows<CredentialRow>(this.dataSource, ACCOUNT_CREDENTIALS, [attempt.accountId]);
    if (credentials.length === 0) throw new AppError('PASSKEY_REFUSED');
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      challenge: new Uint8Array(challenge),
      allowCredentials: credentials.map(toDescriptor),
      // The password was the first factor: the passkey need only be present.
      userVerification: 'preferred',
      timeout: PasskeyLimits.challengeSeconds * 1000,
    });
    return { options };
  }

  /**
   * The second step answered with a passkey: one attempt of the sign-in
   * challenge, then (SecondFactorSignIn.complete, one transaction) the
   * challenge used and the assertion accepted if it answers the WebAuthn
   * challenge stored on it, by one of the account's passkeys, with its
   * counter moving forward; else 401 `Invalid code`, the attempt spent.
   */
  async signInSecondFactor(
    rp: RelyingParty,
    challengeToken: string,
    response: unknown,
    origin: SignInOrigin,
  ): Promise<AdminLoginResult> {
    const attempt = await this.secondFactor.takeAttempt(challengeToken);
    const challenge = challengeOf(response);
    const passkey = await this.passkeyOf(response);
    return this.secondFactor.complete(attempt, 'passkey', origin, async (manager, accountId) => {
      const answers =
        challenge !== null &&
        attempt.webauthnChallenge !== null &&
        digestOf(challenge) === attempt.webauthnChallenge &&
        passkey?.account_id === accountId;
      return answers && this.useAssertion(manager, rp, passkey, challenge, response, { userVerification: false });
    });
  }

  /** The passkey an assertion names (its credential id), if its account is enabled. */
  private async passkeyOf(response: unknown): Promise<CredentialRow | null> {
    const credentialId = (response as { id?: unknown }).id;
    if (typeof credentialId !== 'string' || credentialId.length > PasskeyLimits.credentialIdMax) return null;
    const [passkey] = await sqlRows<CredentialRow>(this.dataSource, CREDENTIAL_OF_ENABLED_ACCOUNT, [credentialId]);
    return passkey ?? null;
  }

  /**
   * Verifies an assertion by `passkey` answering `challenge` (whose use the
   * caller has secured) and stamps the passkey used through `manager`: false
   * when the signature, origin, RP ID, user handle or user verification do
   * not hold, or the counter did not move forward.
   */
  private async useAssertion(
    manager: EntityManager,
    rp: RelyingParty,
    passkey: CredentialRow,
    challenge: string,
    response: unknown,
    { userVerification }: { userVerification: boolean },
  ): Promise<boolean> {
    const userHandle = (response as { response?: { userHandle?: unknown } }).response?.userHandle;
    if (
      userHandle !== undefined &&
      userHandle !== Buffer.from(userHandleOf(passkey.account_id)).toString('base64url')
    ) {
      return false;
    }
    const verification = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(passkey.public_key),
        counter: Number(passkey.counter),
        transports: passkey.transports as AuthenticatorTransport[],
      },
      requireUserVerification: userVerification,
    }).catch(() => null);
    if (!verification?.verified) return false;
    const stamped = await sqlAffected(manager, STAMP_PASSKEY_USED, [
      passkey.id,
      verification.authenticationInfo.newCounter,
    ]);
    return stamped === 1;
  }

  /** Stores a new challenge's SHA-256 (and sweeps long-dead ones); its id. */
  private async saveChallenge(
    purpose: PasskeyChallengePurpose,
    accountId: string | null,
    challenge: string,
  ): Promise<string> {
    await sqlAffected(this.dataSource, DELETE_OLD_CHALLENGES);
    const [row] = await sqlRows<{ id: string }>(this.dataSource, INSERT_CHALLENGE, [
      purpose,
      accountId,
      sha256(challenge),
      PasskeyLimits.challengeSeconds,
    ]);
    return row!.id;
  }

  /** Uses the live challenge, or 401 `Passkey challenge expired or already used`. */
  private async useChallenge(
    purpose: PasskeyChallengePurpose,
    accountId: string | null,
    challenge: string,
    challengeId: string | null = null,
  ): Promise<void> {
    const used = await sqlRows(this.dataSource, USE_CHALLENGE, [purpose, accountId, sha256(challenge), challengeId]);
    if (used.length === 0) throw new AppError('PASSKEY_CHALLENGE_EXPIRED');
  }
}

async function countPasskeys(executor: SqlExecutor, accountId: string): Promise<number> {
  const [row] = await sqlRows<{ count: number }>(executor, COUNT_PASSKEYS, [accountId]);
  return row!.count;
}

/** How a sign-in challenge keeps the WebAuthn challenge of its passkey option: SHA-256, hex (a text column). */
function digestOf(challenge: string): string {
  return sha256(challenge).toString('hex');
}

/** The WebAuthn user handle of an account: its UUID's 16 bytes (no email or other personal data). */
function userHandleOf(accountId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(accountId.replaceAll('-', ''), 'hex'));
}

/** The challenge a browser's response answers (from its clientDataJSON), or null when the response has none. */
function challengeOf(response: unknown): string | null {
  const clientDataJSON = (response as { response?: { clientDataJSON?: unknown } }).response?.clientDataJSON;
  if (typeof clientDataJSON !== 'string') return null;
  try {
    const { challenge } = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as {
      challenge?: unknown;
    };
    return typeof challenge === 'string' && challenge.length > 0 ? challenge : null;
  } catch {
    return null;
  }
}

function toDescriptor(row: CredentialRow) {
  return { id: row.credential_id, transports: row.transports as AuthenticatorTransport[] };
}
