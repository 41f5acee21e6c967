import {
  type AdjustCreditsRequest,
  type CreateResellerRequest,
  AccountLimits,
  DURATION_TYPES,
  type DurationType,
  FieldMessage,
  LicenseLimits,
  ResellerLimits,
  type UpdateResellerRequest,
} from '@latchkey/contracts';
import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsString,
  Length,
  Max,
  MaxLength,
  Min,
  NotEquals,
  ValidateIf,
} from 'class-validator';
import { OptionalOrNull } from '../../common/input/optional-field.js';
import { OptionalIntField } from '../../common/int-field.js';

const trimLower = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value);
const PASSWORD_MESSAGE = FieldMessage.length('password', ResellerLimits.passwordMin, ResellerLimits.passwordMax);
const LEVELS_MESSAGE = FieldMessage.nullOrDistinctBetween(
  'allowedLevels',
  LicenseLimits.levelMin,
  LicenseLimits.levelMax,
);
const DURATIONS_MESSAGE = FieldMessage.nullOrDistinctOf('allowedDurations', 'durations', DURATION_TYPES);
const MAX_DEVICES_MESSAGE = FieldMessage.nullOrBetween(
  'maxDevicesLimit',
  LicenseLimits.maxDevicesMin,
  LicenseLimits.maxDevicesMax,
);
const LEVEL_COUNT = LicenseLimits.levelMax - LicenseLimits.levelMin + 1;

/** Optional; null allows every level. Validators run in the order listed: the shape first, then the values. */
const AllowedLevelsField = () =>
  applyDecorators(
    ApiPropertyOptional({ type: [Number], nullable: true, description: 'null (the default) allows any level' }),
    ValidateIf((_, value) => value !== undefined && value !== null),
    IsArray({ message: LEVELS_MESSAGE }),
    ArrayNotEmpty({ message: LEVELS_MESSAGE }),
    ArrayMaxSize(LEVEL_COUNT, { message: LEVELS_MESSAGE }),
    IsInt({ each: true, message: LEVELS_MESSAGE }),
    Min(LicenseLimits.levelMin, { each: true, message: LEVELS_MESSAGE }),
    Max(LicenseLimits.levelMax, { each: true, message: LEVELS_MESSAGE }),
    ArrayUnique({ message: LEVELS_MESSAGE }),
  );

const AllowedDurationsField = () =>
  applyDecorators(
    ApiPropertyOptional({
      enum: DURATION_TYPES,
      isArray: true,
      nullable: true,
      description: 'null (the default) allows any duration',
    }),
    ValidateIf((_, value) => value !== undefined && value !== null),
    IsArray({ message: DURATIONS_MESSAGE }),
    ArrayNotEmpty({ message: DURATIONS_MESSAGE }),
    IsIn(DURATION_TYPES, { each: true, message: DURATIONS_MESSAGE }),
    ArrayUnique({ message: DURATIONS_MESSAGE }),
  );

/** Optional; null allows any maxDevices up to the license limit. One message for every problem, like the lists. */
const MaxDevicesLimitField = () =>
  applyDecorators(
    ApiPropertyOptional({
      type: Number,
      minimum: LicenseLimits.maxDevicesMin,
      maximum: LicenseLimits.maxDevicesMax,
      nullable: true,
      description: `the most devices a key the reseller generates may allow; null (the default) allows any up to ${LicenseLimits.maxDevicesMax}`,
    }),
    ValidateIf((_, value) => value !== undefined && value !== null),
    IsInt({ message: MAX_DEVICES_MESSAGE }),
    Min(LicenseLimits.maxDevicesMin, { message: MAX_DEVICES_MESSAGE }),
    Max(LicenseLimits.maxDevicesMax, { message: MAX_DEVICES_MESSAGE }),
  );

/** What a reseller may sell: set at creation, changed by PATCH. */
class ResellerBoundsDto {
  @AllowedLevelsField()
  allowedLevels?: number[] | null;

  @AllowedDurationsField()
  allowedDurations?: DurationType[] | null;

  @MaxDevicesLimitField()
  maxDevicesLimit?: number | null;
}

export class CreateResellerDto extends ResellerBoundsDto implements CreateResellerRequest {
  @ApiProperty({ example: 'reseller@example.com' })
  @Transform(trimLower)
  @MaxLength(AccountLimits.emailMax, { message: FieldMessage.atMost('email', AccountLimits.emailMax) })
  @IsEmail({}, { message: FieldMessage.email('email') })
  @IsString({ message: FieldMessage.string('email') })
  email: string;

  @ApiProperty({ minLength: ResellerLimits.passwordMin, maxLength: ResellerLimits.passwordMax })
  @Length(ResellerLimits.passwordMin, ResellerLimits.passwordMax, { message: PASSWORD_MESSAGE })
  @IsString({ message: FieldMessage.string('password') })
  password: string;

  /** The opening balance, recorded as a `grant` ledger entry. */
  @OptionalIntField('credits', ResellerLimits.creditsMin, ResellerLimits.creditsMax, ResellerLimits.creditsDefault)
  credits?: number;
}

export class UpdateResellerDto extends ResellerBoundsDto implements UpdateResellerRequest {
  @ApiPropertyOptional({ description: 'false disables the reseller like DELETE; true lets it sign in again' })
  @ValidateIf((_, value) => value !== undefined)
  @IsBoolean({ message: FieldMessage.boolean('enabled') })
  enabled?: boolean;

  @ApiPropertyOptional({
    minLength: ResellerLimits.passwordMin,
    maxLength: ResellerLimits.passwordMax,
    description: "the reseller's new password; every token of it (login and personal) is revoked",
  })
  @ValidateIf((_, value) => value !== undefined)
  @Length(ResellerLimits.passwordMin, ResellerLimits.passwordMax, { message: PASSWORD_MESSAGE })
  @IsString({ message: FieldMessage.string('password') })
  password?: string;
}

const AMOUNT_RANGE = FieldMessage.between('amount', ResellerLimits.amountMin, ResellerLimits.amountMax);

export class AdjustCreditsDto implements AdjustCreditsRequest {
  @ApiProperty({
    minimum: ResellerLimits.amountMin,
    maximum: ResellerLimits.amountMax,
    description: 'credits to add (positive) or remove (negative); not zero',
  })
  @NotEquals(0, { message: FieldMessage.notZero('amount') })
  @Max(ResellerLimits.amountMax, { message: AMOUNT_RANGE })
  @Min(ResellerLimits.amountMin, { message: AMOUNT_RANGE })
  @IsInt({ message: FieldMessage.integer('amount') })
  amount: number;

  @ApiPropertyOptional({ maxLength: ResellerLimits.noteMax })
  @OptionalOrNull()
  @MaxLength(ResellerLimits.noteMax, { message: FieldMessage.atMost('note', ResellerLimits.noteMax) })
  @IsString({ message: FieldMessage.string('note') })
  note?: string | null;
}
