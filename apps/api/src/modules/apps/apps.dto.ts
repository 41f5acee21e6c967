import { AppDefaults, AppLimits, CreateAppRequest, UpdateAppRequest } from '@latchkey/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiOptionalInt } from '../../common/int-field.js';

// The rules are the contracts' request shapes' (libs/contracts/src/shapes/apps.ts); these add OpenAPI only.

const NAME = { minLength: AppLimits.nameMin, maxLength: AppLimits.nameMax, example: 'My Game' };
const VERSION = { default: AppDefaults.version, maxLength: AppLimits.versionMax };
const UPDATE_URL = { nullable: true, example: 'https://example.com/download' };

export class CreateAppDto extends CreateAppRequest {
  @ApiProperty(NAME)
  declare name: string;

  @ApiPropertyOptional(VERSION)
  declare version?: string;

  @ApiPropertyOptional(UPDATE_URL)
  declare updateUrl?: string | null;
}

export class UpdateAppDto extends UpdateAppRequest {
  // The create request's three fields, optional here (as PartialType(CreateAppDto) documented them).
  @ApiPropertyOptional(NAME)
  declare name?: string;

  @ApiPropertyOptional(VERSION)
  declare version?: string;

  @ApiPropertyOptional(UPDATE_URL)
  declare updateUrl?: string | null;

  @ApiPropertyOptional()
  declare enabled?: boolean;

  @ApiPropertyOptional()
  declare hwidLock?: boolean;

  @ApiOptionalInt(AppLimits.sessionSecondsMin, AppLimits.sessionSecondsMax)
  declare sessionTtlSeconds?: number;

  @ApiOptionalInt(AppLimits.sessionSecondsMin, AppLimits.sessionSecondsMax)
  declare sessionIdleSeconds?: number;

  @ApiOptionalInt(AppLimits.rateLimitPerMinuteMin, AppLimits.rateLimitPerMinuteMax)
  declare rateLimitPerMinute?: number;

  @ApiOptionalInt(
    AppLimits.offlineTicketSecondsMin,
    AppLimits.offlineTicketSecondsMax,
    AppDefaults.offlineTicketSeconds,
  )
  declare offlineTicketSeconds?: number;
}
