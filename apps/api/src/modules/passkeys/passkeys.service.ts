import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
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
import { AppError } from '../../common/errors.js';
import { iso } from '../../common/iso.js';
import { isUniqueViolation, sqlAffected, sqlRows } from '../../common/sql.js';
import type { Actor } from '../../common/auth/actor.js';
import type { Principal } from '../../common/auth/principal.js';
import { adminChange, AuditService } from '../audit/audit.service.js';
import { AuthService, type SignInOrigin } from '../accounts/auth.service.js';
import {
  ACCOUNT_CREDENTIALS,
  COUNT_PASSKEYS,
  CREDENTIAL_OF_ENABLED_ACCOUNT,
  type CredentialRow,
  DELETE_OLD_CHALLENGES,
  DELETE_PASSKEY,
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
 * signing in with one without a password. Every WebAuthn challenge is stored
 * as its SHA-256, bound to its purpose (and account), lives
 * PasskeyLimits.challengeSeconds and is used once, by the statement that
 * accepts it, before the response is verified: a replayed response finds no
 * challenge.
 */
@Injectable()
export class PasskeysService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly auth: AuthService,
    private readonly audit: AuditService,
  ) {}

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

  /** Verifies a registration response to a challenge of this account and saves the passkey as `name`. */
  async register(actor: Actor, rp: RelyingParty, name: string, response: unknown): Promise<Passkey> {
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
      const [{ count }] = (await sqlRows<{ count: number }>(manager, COUNT_PASSKEYS, [actor.accountId])) as [
        { count: number },
      ];
      if (count >= PasskeyLimits.perAccountMax) throw new AppError('PASSKEY_LIMIT');
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
      return toPasskey(row);
    });
  }

  async list(principal: Principal): Promise<Passkey[]> {
    return (await sqlRows<PasskeyRow>(this.dataSource, LIST_PASSKEYS, [principal.accountId])).map(toPasskey);
  }

  /** Renames one of the account's passkeys; 404 for another account's. */
  async rename(actor: Actor, passkeyId: string, name: string): Promise<Passkey> {
    return this.dataSource.transaction(async (manager) => {
      const [row] = await sqlRows<PasskeyRow>(manager, RENAME_PASSKEY, [passkeyId, actor.accountId, name]);
      if (!row) throw new AppError('NOT_FOUND');
      await this.audit.write(manager, [adminChange(actor, null, 'admin.passkey.rename', { passkeyId, name })]);
      return toPasskey(row);
    });
  }

  /** Removes one of the account's passkeys: it signs in no more. 404 for another account's. */
  async remove(actor: Actor, passkeyId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const [row] = await sqlRows<{ id: string; name: string }>(manager, DELETE_PASSKEY, [passkeyId, actor.accountId]);
      if (!row) throw new AppError('NOT_FOUND');
      await this.audit.write(manager, [
        adminChange(actor, null, 'admin.passkey.remove', { passkeyId, name: row.name }),
      ]);
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
   * user verified, and move its signature counter forward.
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
    const passkey = await this.verifyAssertion(rp, challenge, response, { userVerification: true });
    const signedIn = await this.auth.signInVerified(passkey.account_id, origin);
    if (!signedIn) throw new AppError('PASSKEY_REFUSED');
    return signedIn;
  }

  /**
   * Verifies an assertion answering `challenge` (used already by the caller)
   * and stamps its passkey used. `ofAccount`: the passkey must be that
   * account's (a second factor); else any passkey of an enabled account, whose
   * user handle must match it. 401 `Passkey not recognised` for anything else.
   */
  private async verifyAssertion(
    rp: RelyingParty,
    challenge: string,
    response: unknown,
    { userVerification, ofAccount }: { userVerification: boolean; ofAccount?: string },
  ): Promise<CredentialRow> {
    const credentialId = (response as { id?: unknown }).id;
    const [passkey] =
      typeof credentialId === 'string' && credentialId.length <= CREDENTIAL_ID_MAX
        ? await sqlRows<CredentialRow>(this.dataSource, CREDENTIAL_OF_ENABLED_ACCOUNT, [credentialId])
        : [];
    if (!passkey || (ofAccount !== undefined && passkey.account_id !== ofAccount)) {
      throw new AppError('PASSKEY_REFUSED');
    }
    const userHandle = (response as { response?: { userHandle?: unknown } }).response?.userHandle;
    if (
      userHandle !== undefined &&
      userHandle !== Buffer.from(userHandleOf(passkey.account_id)).toString('base64url')
    ) {
      throw new AppError('PASSKEY_REFUSED');
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
    if (!verification?.verified) throw new AppError('PASSKEY_REFUSED');
    const stamped = await sqlAffected(this.dataSource, STAMP_PASSKEY_USED, [
      passkey.id,
      verification.authenticationInfo.newCounter,
    ]);
    if (stamped === 0) throw new AppError('PASSKEY_REFUSED');
    return passkey;
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

/** Credential ids are at most 1023 bytes (WebAuthn): 1364 characters of base64url. */
const CREDENTIAL_ID_MAX = 1364;

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

function toPasskey(row: PasskeyRow): Passkey {
  return { id: row.id, name: row.name, createdAt: row.created_at.toISOString(), lastUsedAt: iso(row.last_used_at) };
}
