import type { CreateAppRequest, UpdateAppRequest } from '@latchkey/contracts';
import { AppDefaults, AppLimits, FieldMessage } from '@latchkey/contracts';
import { OptionalIntField } from '../../common/int-field.js';
import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { IsBoolean, IsString, IsUrl, Length } from 'class-validator';
import { Optional, OptionalOrNull } from '../../common/input/optional-field.js';

const URL_OPTIONS = { protocols: ['http', 'https'], require_protocol: true, require_tld: false };

export class CreateAppDto implements CreateAppRequest {
  @ApiProperty({ minLength: AppLimits.nameMin, maxLength: AppLimits.nameMax, example: 'My Game' })
  @Length(AppLimits.nameMin, AppLimits.nameMax, {
    message: FieldMessage.length('name', AppLimits.nameMin, AppLimits.nameMax),
  })
  @IsString({ message: FieldMessage.string('name') })
  name: string;

  @ApiPropertyOptional({ default: AppDefaults.version, maxLength: AppLimits.versionMax })
  @Optional()
  @Length(AppLimits.versionMin, AppLimits.versionMax, {
    message: FieldMessage.length('version', AppLimits.versionMin, AppLimits.versionMax),
  })
  @IsString({ message: FieldMessage.string('version') })
  version?: string;

  @ApiPropertyOptional({ nullable: true, example: 'https://example.com/download' })
  @OptionalOrNull()
  @Length(AppLimits.updateUrlMin, AppLimits.updateUrlMax, {
    message: FieldMessage.atMost('updateUrl', AppLimits.updateUrlMax),
  })
  @IsUrl(URL_OPTIONS, { message: FieldMessage.httpUrl('updateUrl') })
  @IsString({ message: FieldMessage.string('updateUrl') })
  updateUrl?: string | null;
}

export class UpdateAppDto extends PartialType(CreateAppDto, { skipNullProperties: false }) implements UpdateAppRequest {
  @ApiPropertyOptional()
  @Optional()
  @IsBoolean({ message: FieldMessage.boolean('enabled') })
  enabled?: boolean;

  @ApiPropertyOptional()
  @Optional()
  @IsBoolean({ message: FieldMessage.boolean('hwidLock') })
  hwidLock?: boolean;

  @OptionalIntField('sessionTtlSeconds', AppLimits.sessionSecondsMin, AppLimits.sessionSecondsMax)
  sessionTtlSeconds?: number;

  @OptionalIntField('sessionIdleSeconds', AppLimits.sessionSecondsMin, AppLimits.sessionSecondsMax)
  sessionIdleSeconds?: number;

  @OptionalIntField('rateLimitPerMinute', AppLimits.rateLimitPerMinuteMin, AppLimits.rateLimitPerMinuteMax)
  rateLimitPerMinute?: number;

  @OptionalIntField(
    'offlineTicketSeconds',
    AppLimits.offlineTicketSecondsMin,
    AppLimits.offlineTicketSecondsMax,
    AppDefaults.offlineTicketSeconds,
  )
  offlineTicketSeconds?: number;
}
