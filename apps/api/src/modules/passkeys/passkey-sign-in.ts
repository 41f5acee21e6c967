import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
} from '@simplewebauthn/server';
import { type AdminLoginResult, type PasskeyAuthenticationOptions, PasskeyLimits } from '@latchkey/contracts';
import { AppError } from '../../common/errors.js';
import { sqlAffected, sqlRows } from '../../common/sql.js';
import { AccountSignIns } from '../accounts/account-sign-ins.js';
import type { AccountRow } from '../accounts/accounts.queries.js';
import { AuthService } from '../accounts/auth.service.js';
import { LoginChallenges } from '../accounts/login-challenges.js';
import { SecondFactorSignIn } from '../accounts/second-factor-sign-in.js';
import type { SignInOrigin } from '../accounts/sign-in-origin.js';
import {
  challengeOf,
  digestOf,
  saveChallenge,
  toDescriptor,
  useChallenge,
  userHandleOf,
} from './passkey-challenges.js';
import {
  ACCOUNT_CREDENTIALS,
  CREDENTIAL_OF_ENABLED_ACCOUNT,
  type CredentialRow,
  ENABLED_ACCOUNT,
  STAMP_PASSKEY_USED,
} from './passkeys.queries.js';
import type { RelyingParty } from './relying-party.js';

/**
 * Signing in with a passkey: without a password (the passkey, user-verified,
 * is both factors), or as the second step after it (through the accounts
 * module's SecondFactorSignIn).
 */
@Injectable()
export class PasskeySignIn {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly auth: AuthService,
    private readonly secondFactor: SecondFactorSignIn,
    private readonly challenges: LoginChallenges,
    private readonly signIns: AccountSignIns,
  ) {}

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
    const passkeyChallengeId = await saveChallenge(this.dataSource, 'sign-in', null, options.challenge);
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
    await useChallenge(this.dataSource, 'sign-in', null, challenge, passkeyChallengeId);
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
}
