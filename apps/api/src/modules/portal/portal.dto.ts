import {
  HWID_RESET_MODES,
  PORTAL_SIGN_IN_METHODS,
  PortalDownloadRequest,
  PortalEmailCodeRequest,
  PortalLimits,
  PortalSignInRequest,
  UpdatePortalSettingsRequest,
  type HwidResetMode,
  type PortalSignInMethod,
} from '@latchkey/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ApiOptionalInt } from '../../common/int-field.js';

// The rules are the contracts' request shapes' (libs/contracts/src/shapes/portal.ts); these add OpenAPI only.

const L = PortalLimits;
const trimLower = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value);

export class UpdatePortalSettingsDto extends UpdatePortalSettingsRequest {
  @ApiPropertyOptional({ description: 'whether customers can reach the portal' })
  declare enabled?: boolean;

  @ApiPropertyOptional({ maxLength: L.displayNameMax, nullable: true, description: "shown instead of the app's name" })
  declare displayName?: string | null;

  @ApiPropertyOptional({ example: L.accentColorDefault })
  declare accentColor?: string;

  @ApiPropertyOptional({ maxLength: L.supportUrlMax, nullable: true })
  declare supportUrl?: string | null;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'string', maxLength: L.levelNameMax },
    example: { '1': 'Basic', '2': 'Pro' },
  })
  declare levelNames?: Record<string, string>;

  @ApiPropertyOptional({ enum: PORTAL_SIGN_IN_METHODS, isArray: true })
  declare signInMethods?: PortalSignInMethod[];

  @ApiPropertyOptional({ enum: HWID_RESET_MODES })
  declare hwidResetMode?: HwidResetMode;

  @ApiOptionalInt(L.resetsPerPeriodMin, L.resetsPerPeriodMax, L.resetsPerPeriodDefault)
  declare hwidResetsPerPeriod?: number;

  @ApiOptionalInt(L.periodDaysMin, L.periodDaysMax, L.periodDaysDefault)
  declare hwidResetPeriodDays?: number;

  @ApiOptionalInt(L.cooldownHoursMin, L.cooldownHoursMax, L.cooldownHoursDefault)
  declare hwidResetCooldownHours?: number;

  @ApiPropertyOptional({ default: true })
  declare hwidResetEndsSessions?: boolean;
}

export class PortalSignInDto extends PortalSignInRequest {
  @ApiProperty({ enum: PORTAL_SIGN_IN_METHODS })
  declare method: PortalSignInMethod;

  @ApiPropertyOptional({ maxLength: L.keyMax, description: 'method `key`' })
  declare key?: string;

  @ApiPropertyOptional({ description: 'method `password`' })
  declare username?: string;

  @ApiPropertyOptional({ maxLength: L.passwordMax, description: 'method `password`' })
  declare password?: string;

  @ApiPropertyOptional({ maxLength: L.customerEmailMax, description: 'method `email`' })
  @Transform(trimLower)
  declare email?: string;

  @ApiPropertyOptional({ minLength: L.codeLength, maxLength: L.codeLength, description: 'method `email`' })
  declare code?: string;
}

export class PortalEmailCodeDto extends PortalEmailCodeRequest {
  @ApiProperty({ maxLength: L.customerEmailMax })
  @Transform(trimLower)
  declare email: string;
}

export class PortalDownloadDto extends PortalDownloadRequest {
  @ApiProperty({ format: 'uuid', description: 'one of the signed-in customer’s users' })
  declare userId: string;
}
