import {
  AppLimits,
  KEYAUTH_VERSIONS,
  KeyAuthLimits,
  type KeyAuthVersion,
  SetKeyAuthSecretRequest,
  UpdateKeyAuthSettingsRequest,
} from '@latchkey/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

// The rules are the contracts' request shapes' (libs/contracts/src/shapes/keyauth-settings.ts); these add
// OpenAPI only.

export class UpdateKeyAuthSettingsDto extends UpdateKeyAuthSettingsRequest {
  @ApiProperty()
  declare enabled: boolean;

  @ApiProperty({ pattern: KeyAuthLimits.ownerIdPattern.source, example: 'aB3dE5gH7j' })
  declare ownerId: string;

  @ApiProperty({ minLength: KeyAuthLimits.nameMin, maxLength: KeyAuthLimits.nameMax, example: 'My Game' })
  declare name: string;

  @ApiProperty({ type: [String], enum: KEYAUTH_VERSIONS, example: ['1.3', '1.2'] })
  declare versions: KeyAuthVersion[];

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    example: { '1': 'default', '2': 'premium' },
    description: 'level (as a string) -> subscription name; a level missing here is answered as `default`',
  })
  declare subscriptionNames: Record<string, string>;

  @ApiProperty()
  declare fetchOnline: boolean;

  @ApiProperty()
  declare selfBan: boolean;

  @ApiPropertyOptional({
    description: "init refuses a client whose `ver` is not the app's version; absent: on when `appVersion` is a string",
  })
  declare checkVersion?: boolean;

  @ApiPropertyOptional({
    nullable: true,
    maxLength: AppLimits.versionMax,
    example: '1.0',
    deprecated: true,
    description: "Deprecated (one release): a string sets the app's version and turns checkVersion on",
  })
  declare appVersion?: string | null;

  @ApiPropertyOptional({ nullable: true, example: 'https://example.com/download' })
  declare downloadUrl?: string | null;
}

export class SetKeyAuthSecretDto extends SetKeyAuthSecretRequest {
  @ApiPropertyOptional({ pattern: KeyAuthLimits.secretPattern.source, description: 'absent: a new random secret' })
  declare secret?: string;
}
