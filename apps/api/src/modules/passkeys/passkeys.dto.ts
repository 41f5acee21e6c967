import {
  PasskeyAuthenticateRequest,
  PasskeyAuthenticationOptionsRequest,
  PasskeyLimits,
  RegisterPasskeyRequest,
  RenamePasskeyRequest,
} from '@latchkey/contracts';
import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';

// The bodies' rules are the contracts' request shapes' (libs/contracts/src/shapes/passkeys.ts); these add
// OpenAPI only, and the name's trim before it is checked.

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** A browser's WebAuthn answer, checked by @simplewebauthn/server rather than field by field. */
const WEBAUTHN_RESPONSE = {
  type: 'object',
  additionalProperties: true,
  description: "the browser's PublicKeyCredential as JSON (@simplewebauthn/browser's answer)",
} as const;

/** The OpenAPI part of a passkey's name, and its trim. */
const ApiPasskeyName = () =>
  applyDecorators(
    ApiProperty({ example: 'Laptop', minLength: PasskeyLimits.nameMin, maxLength: PasskeyLimits.nameMax }),
    Transform(trim),
  );

export class RegisterPasskeyDto extends RegisterPasskeyRequest {
  @ApiPasskeyName()
  declare name: string;

  @ApiProperty(WEBAUTHN_RESPONSE)
  declare response: Record<string, unknown>;
}

export class RenamePasskeyDto extends RenamePasskeyRequest {
  @ApiPasskeyName()
  declare name: string;
}

const CHALLENGE_TOKEN = { description: "the password step's sign-in challenge: a passkey as its second factor" };

export class PasskeyAuthenticationOptionsDto extends PasskeyAuthenticationOptionsRequest {
  @ApiPropertyOptional(CHALLENGE_TOKEN)
  declare challengeToken?: string;
}

export class PasskeyAuthenticateDto extends PasskeyAuthenticateRequest {
  @ApiPropertyOptional(CHALLENGE_TOKEN)
  declare challengeToken?: string;

  @ApiPropertyOptional({ description: 'a passwordless sign-in: the id authentication-options answered with' })
  declare passkeyChallengeId?: string;

  @ApiProperty(WEBAUTHN_RESPONSE)
  declare response: Record<string, unknown>;
}
