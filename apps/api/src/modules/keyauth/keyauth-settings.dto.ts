import {
  FieldMessage,
  KEYAUTH_VERSIONS,
  KeyAuthLimits,
  KeyAuthMessage,
  type KeyAuthVersion,
  type SetKeyAuthSecretRequest,
  type UpdateKeyAuthSettingsRequest,
} from '@latchkey/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsString, IsUrl, Length, Matches, MaxLength, ValidateBy } from 'class-validator';
import { Optional, OptionalOrNull } from '../../common/input/optional-field.js';

const URL_OPTIONS = { protocols: ['http', 'https'], require_protocol: true, require_tld: false };

/** A non-empty list of distinct KeyAuth versions. */
function isVersionList(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    new Set(value).size === value.length &&
    value.every((version) => (KEYAUTH_VERSIONS as readonly unknown[]).includes(version))
  );
}

/** An object mapping levels (decimal strings within KeyAuthLimits' range) to subscription names. */
function isSubscriptionNames(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.entries(value).every(([level, name]) => {
    const number = /^[1-9][0-9]*$/.test(level) ? Number(level) : NaN;
    return (
      number >= KeyAuthLimits.levelMin &&
      number <= KeyAuthLimits.levelMax &&
      typeof name === 'string' &&
      name.length >= KeyAuthLimits.subscriptionNameMin &&
      name.length <= KeyAuthLimits.subscriptionNameMax
    );
  });
}

export class UpdateKeyAuthSettingsDto implements UpdateKeyAuthSettingsRequest {
  @ApiProperty()
  @IsBoolean({ message: FieldMessage.boolean('enabled') })
  enabled: boolean;

  @ApiProperty({ pattern: KeyAuthLimits.ownerIdPattern.source, example: 'aB3dE5gH7j' })
  @Matches(KeyAuthLimits.ownerIdPattern, { message: KeyAuthMessage.ownerId })
  @IsString({ message: KeyAuthMessage.ownerId })
  ownerId: string;

  @ApiProperty({ minLength: KeyAuthLimits.nameMin, maxLength: KeyAuthLimits.nameMax, example: 'My Game' })
  @Length(KeyAuthLimits.nameMin, KeyAuthLimits.nameMax, {
    message: FieldMessage.length('name', KeyAuthLimits.nameMin, KeyAuthLimits.nameMax),
  })
  @IsString({ message: FieldMessage.string('name') })
  name: string;

  @ApiProperty({ type: [String], enum: KEYAUTH_VERSIONS, example: ['1.3', '1.2'] })
  @ValidateBy(
    { name: 'isKeyAuthVersionList', validator: { validate: isVersionList } },
    { message: KeyAuthMessage.versions },
  )
  versions: KeyAuthVersion[];

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    example: { '1': 'default', '2': 'premium' },
    description: 'level (as a string) -> subscription name; a level missing here is answered as `default`',
  })
  @ValidateBy(
    { name: 'isKeyAuthSubscriptionNames', validator: { validate: isSubscriptionNames } },
    { message: KeyAuthMessage.subscriptionNames },
  )
  subscriptionNames: Record<string, string>;

  @ApiProperty()
  @IsBoolean({ message: FieldMessage.boolean('fetchOnline') })
  fetchOnline: boolean;

  @ApiProperty()
  @IsBoolean({ message: FieldMessage.boolean('selfBan') })
  selfBan: boolean;

  @ApiPropertyOptional({ nullable: true, maxLength: KeyAuthLimits.appVersionMax, example: '1.0' })
  @OptionalOrNull()
  @Length(KeyAuthLimits.appVersionMin, KeyAuthLimits.appVersionMax, {
    message: FieldMessage.length('appVersion', KeyAuthLimits.appVersionMin, KeyAuthLimits.appVersionMax),
  })
  @IsString({ message: FieldMessage.string('appVersion') })
  appVersion?: string | null;

  @ApiPropertyOptional({ nullable: true, example: 'https://example.com/download' })
  @OptionalOrNull()
  @MaxLength(KeyAuthLimits.downloadUrlMax, {
    message: FieldMessage.atMost('downloadUrl', KeyAuthLimits.downloadUrlMax),
  })
  @IsUrl(URL_OPTIONS, { message: FieldMessage.httpUrl('downloadUrl') })
  @IsString({ message: FieldMessage.string('downloadUrl') })
  downloadUrl?: string | null;
}

export class SetKeyAuthSecretDto implements SetKeyAuthSecretRequest {
  @ApiPropertyOptional({ pattern: KeyAuthLimits.secretPattern.source, description: 'absent: a new random secret' })
  @Optional()
  @Matches(KeyAuthLimits.secretPattern, { message: KeyAuthMessage.secret })
  @IsString({ message: KeyAuthMessage.secret })
  secret?: string;
}
