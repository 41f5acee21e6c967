import type {
  PasskeyAuthenticateRequest,
  PasskeyAuthenticationOptionsRequest,
  RegisterPasskeyRequest,
  RenamePasskeyRequest,
} from '@latchkey/contracts';
import { FieldMessage, PasskeyLimits, TwoFactorLimits } from '@latchkey/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsObject, IsString, IsUUID, Length, MaxLength } from 'class-validator';
import { Optional } from '../../common/input/optional-field.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** A browser's WebAuthn answer, checked by @simplewebauthn/server rather than field by field. */
const WEBAUTHN_RESPONSE = {
  type: 'object',
  additionalProperties: true,
  description: "the browser's PublicKeyCredential as JSON (@simplewebauthn/browser's answer)",
} as const;

class PasskeyNameDto {
  @ApiProperty({ example: 'Laptop', minLength: PasskeyLimits.nameMin, maxLength: PasskeyLimits.nameMax })
  @Transform(trim)
  @Length(PasskeyLimits.nameMin, PasskeyLimits.nameMax, {
    message: FieldMessage.length('name', PasskeyLimits.nameMin, PasskeyLimits.nameMax),
  })
  @IsString({ message: FieldMessage.string('name') })
  name: string;
}

export class RegisterPasskeyDto extends PasskeyNameDto implements RegisterPasskeyRequest {
  @ApiProperty(WEBAUTHN_RESPONSE)
  @IsObject({ message: 'response must be an object' })
  response: Record<string, unknown>;
}

export class RenamePasskeyDto extends PasskeyNameDto implements RenamePasskeyRequest {}

export class PasskeyAuthenticationOptionsDto implements PasskeyAuthenticationOptionsRequest {
  @ApiPropertyOptional({ description: "the password step's sign-in challenge: a passkey as its second factor" })
  @Optional()
  @MaxLength(TwoFactorLimits.challengeTokenMax, {
    message: FieldMessage.atMost('challengeToken', TwoFactorLimits.challengeTokenMax),
  })
  @IsString({ message: FieldMessage.string('challengeToken') })
  challengeToken?: string;
}

export class PasskeyAuthenticateDto extends PasskeyAuthenticationOptionsDto implements PasskeyAuthenticateRequest {
  @ApiPropertyOptional({ description: 'a passwordless sign-in: the id authentication-options answered with' })
  @Optional()
  @IsUUID('all', { message: 'passkeyChallengeId must be a UUID' })
  @IsString({ message: FieldMessage.string('passkeyChallengeId') })
  passkeyChallengeId?: string;

  @ApiProperty(WEBAUTHN_RESPONSE)
  @IsObject({ message: 'response must be an object' })
  response: Record<string, unknown>;
}
