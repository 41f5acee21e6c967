import {
  AdjustCreditsRequest,
  CreateResellerRequest,
  DURATION_TYPES,
  type DurationType,
  LicenseLimits,
  ResellerLimits,
  UpdateResellerRequest,
} from '@latchkey/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ApiOptionalInt } from '../../common/int-field.js';

// The rules are the contracts' request shapes' (libs/contracts/src/shapes/resellers.ts); these add OpenAPI only,
// and the email's normalisation. The bounds come first, as they did from the DTOs' former common base, so the
// OpenAPI document lists the fields in the same order.

const trimLower = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value);

const ApiAllowedLevels = () =>
  ApiPropertyOptional({ type: [Number], nullable: true, description: 'null (the default) allows any level' });

const ApiAllowedDurations = () =>
  ApiPropertyOptional({
    enum: DURATION_TYPES,
    isArray: true,
    nullable: true,
    description: 'null (the default) allows any duration',
  });

const ApiMaxDevicesLimit = () =>
  ApiPropertyOptional({
    type: Number,
    minimum: LicenseLimits.maxDevicesMin,
    maximum: LicenseLimits.maxDevicesMax,
    nullable: true,
    description: `the most devices a key the reseller generates may allow; null (the default) allows any up to ${LicenseLimits.maxDevicesMax}`,
  });

export class CreateResellerDto extends CreateResellerRequest {
  @ApiAllowedLevels()
  declare allowedLevels?: number[] | null;

  @ApiAllowedDurations()
  declare allowedDurations?: DurationType[] | null;

  @ApiMaxDevicesLimit()
  declare maxDevicesLimit?: number | null;

  @ApiProperty({ example: 'reseller@example.com' })
  @Transform(trimLower)
  declare email: string;

  @ApiProperty({ minLength: ResellerLimits.passwordMin, maxLength: ResellerLimits.passwordMax })
  declare password: string;

  /** The opening balance, recorded as a `grant` ledger entry. */
  @ApiOptionalInt(ResellerLimits.creditsMin, ResellerLimits.creditsMax, ResellerLimits.creditsDefault)
  declare credits?: number;
}

export class UpdateResellerDto extends UpdateResellerRequest {
  @ApiAllowedLevels()
  declare allowedLevels?: number[] | null;

  @ApiAllowedDurations()
  declare allowedDurations?: DurationType[] | null;

  @ApiMaxDevicesLimit()
  declare maxDevicesLimit?: number | null;

  @ApiPropertyOptional({ description: 'false disables the reseller like DELETE; true lets it sign in again' })
  declare enabled?: boolean;

  @ApiPropertyOptional({
    minLength: ResellerLimits.passwordMin,
    maxLength: ResellerLimits.passwordMax,
    description: "the reseller's new password; every token of it (login and personal) is revoked",
  })
  declare password?: string;
}

export class AdjustCreditsDto extends AdjustCreditsRequest {
  @ApiProperty({
    minimum: ResellerLimits.amountMin,
    maximum: ResellerLimits.amountMax,
    description: 'credits to add (positive) or remove (negative); not zero',
  })
  declare amount: number;

  @ApiPropertyOptional({ maxLength: ResellerLimits.noteMax })
  declare note?: string | null;
}
