import { IsObject, IsString, IsUUID, Length, MaxLength } from 'class-validator';
import { FieldMessage } from '../field-messages.js';
import { PasskeyLimits } from '../passkeys.js';
import { TwoFactorLimits } from '../two-factor.js';
import { Optional } from './fields.js';

/*
 * Request shapes of an account's passkeys: the one declaration of their rules.
 * The API's DTOs (apps/api/src/modules/passkeys) extend these with OpenAPI
 * only (and the name's trim), and the dashboard's add and rename forms
 * validate with them too. The WebAuthn `response` is the browser's
 * PublicKeyCredential as JSON, checked by @simplewebauthn/server rather than
 * field by field: typed `unknown` so the contracts do not depend on it.
 */

const { nameMin, nameMax } = PasskeyLimits;
const RESPONSE_MESSAGE = 'response must be an object';

/**
 * A passkey's name (trimmed by the API), as both requests carry it: the add
 * form checks it before the browser's ceremony, which makes the `response`.
 */
export class PasskeyName {
  @Length(nameMin, nameMax, { message: FieldMessage.length('name', nameMin, nameMax) })
  @IsString({ message: FieldMessage.string('name') })
  name!: string;
}

/** `POST /v1/admin/auth/passkeys`: `response` is what the browser's startRegistration answered. */
export class RegisterPasskeyRequest extends PasskeyName {
  @IsObject({ message: RESPONSE_MESSAGE })
  response!: unknown;
}

/** `PATCH /v1/admin/auth/passkeys/{passkeyId}` */
export class RenamePasskeyRequest extends PasskeyName {}

/**
 * `POST /v1/admin/auth/passkeys/authentication-options`. With `challengeToken`
 * (the password step's sign-in challenge) the options ask for one of that
 * account's passkeys, as the second factor; without it, for any discoverable
 * passkey (a passwordless sign-in), and the answer names the challenge.
 */
export class PasskeyAuthenticationOptionsRequest {
  @Optional()
  @MaxLength(TwoFactorLimits.challengeTokenMax, {
    message: FieldMessage.atMost('challengeToken', TwoFactorLimits.challengeTokenMax),
  })
  @IsString({ message: FieldMessage.string('challengeToken') })
  challengeToken?: string;
}

/** `POST /v1/admin/auth/passkeys/authenticate`: exactly one of `challengeToken` and `passkeyChallengeId`. */
export class PasskeyAuthenticateRequest extends PasskeyAuthenticationOptionsRequest {
  /** a passwordless sign-in: the id authentication-options answered with */
  @Optional()
  @IsUUID('all', { message: 'passkeyChallengeId must be a UUID' })
  @IsString({ message: FieldMessage.string('passkeyChallengeId') })
  passkeyChallengeId?: string;

  /** what the browser's startAuthentication answered */
  @IsObject({ message: RESPONSE_MESSAGE })
  response!: unknown;
}
