import type { CreateAppRequest, UpdateAppRequest } from '@latchkey/contracts';
import { ClientLimits } from '@latchkey/contracts';
import { OptionalIntField } from '../../common/int-field.js';
import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { IsBoolean, IsString, IsUrl, Length } from 'class-validator';
import { Optional, OptionalOrNull } from '../../common/input/optional-field.js';

const URL_OPTIONS = { protocols: ['http', 'https'], require_protocol: true, require_tld: false };

export class CreateAppDto implements CreateAppRequest {
  @ApiProperty({ minLength: 1, maxLength: 64, example: 'My Game' })
  @Length(1, 64, { message: 'name must be 1-64 characters' })
  @IsString({ message: 'name must be a string' })
  name: string;

  @ApiPropertyOptional({ default: '1.0.0', maxLength: 32 })
  @Optional()
  @Length(1, 32, { message: 'version must be 1-32 characters' })
  @IsString({ message: 'version must be a string' })
  version?: string;

  @ApiPropertyOptional({ nullable: true, example: 'https://example.com/download' })
  @OptionalOrNull()
  @Length(1, 2048, { message: 'updateUrl must be at most 2048 characters' })
  @IsUrl(URL_OPTIONS, { message: 'updateUrl must be an http or https URL' })
  @IsString({ message: 'updateUrl must be a string' })
  updateUrl?: string | null;
}

export class UpdateAppDto extends PartialType(CreateAppDto, { skipNullProperties: false }) implements UpdateAppRequest {
  @ApiPropertyOptional()
  @Optional()
  @IsBoolean({ message: 'enabled must be a boolean' })
  enabled?: boolean;

  @ApiPropertyOptional()
  @Optional()
  @IsBoolean({ message: 'hwidLock must be a boolean' })
  hwidLock?: boolean;

  @OptionalIntField('sessionTtlSeconds', 60, 31536000)
  sessionTtlSeconds?: number;

  @OptionalIntField('sessionIdleSeconds', 60, 31536000)
  sessionIdleSeconds?: number;

  @OptionalIntField('rateLimitPerMinute', 0, 100000)
  rateLimitPerMinute?: number;

  @OptionalIntField('offlineTicketSeconds', 0, ClientLimits.offlineTicketSecondsMax, 0)
  offlineTicketSeconds?: number;
}
