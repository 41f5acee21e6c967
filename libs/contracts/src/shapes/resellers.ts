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
} from 'class-validator';
import { AccountLimits } from '../admin-limits.js';
import { FieldMessage } from '../field-messages.js';
import { DURATION_TYPES, LicenseLimits, ResellerLimits, type DurationType } from '../licensing.js';
import { allOf, Optional, OptionalInt, OptionalOrNull } from './fields.js';

/*
 * Request shapes of an app's resellers: the one declaration of their rules.
 * The API's DTOs (apps/api/src/modules/resellers) extend these with OpenAPI
 * only (and the email's trimming), and the dashboard's reseller dialogs
 * validate with them too.
 */

const { levelMin, levelMax, maxDevicesMin, maxDevicesMax } = LicenseLimits;
const { passwordMin, passwordMax, creditsMin, creditsMax, amountMin, amountMax, noteMax } = ResellerLimits;
const PASSWORD_MESSAGE = FieldMessage.length('password', passwordMin, passwordMax);
const LEVELS_MESSAGE = FieldMessage.nullOrDistinctBetween('allowedLevels', levelMin, levelMax);
const DURATIONS_MESSAGE = FieldMessage.nullOrDistinctOf('allowedDurations', 'durations', DURATION_TYPES);
const MAX_DEVICES_MESSAGE = FieldMessage.nullOrBetween('maxDevicesLimit', maxDevicesMin, maxDevicesMax);
const LEVEL_COUNT = levelMax - levelMin + 1;
const AMOUNT_RANGE = FieldMessage.between('amount', amountMin, amountMax);

/** What a reseller may sell: set at creation, changed by PATCH; null (the default) allows any. */
export class ResellerBounds {
  /** Validators run in the order listed: the shape first, then the values. */
  @allOf(
    OptionalOrNull(),
    IsArray({ message: LEVELS_MESSAGE }),
    ArrayNotEmpty({ message: LEVELS_MESSAGE }),
    ArrayMaxSize(LEVEL_COUNT, { message: LEVELS_MESSAGE }),
    IsInt({ each: true, message: LEVELS_MESSAGE }),
    Min(levelMin, { each: true, message: LEVELS_MESSAGE }),
    Max(levelMax, { each: true, message: LEVELS_MESSAGE }),
    ArrayUnique({ message: LEVELS_MESSAGE }),
  )
  allowedLevels?: number[] | null;

  @allOf(
    OptionalOrNull(),
    IsArray({ message: DURATIONS_MESSAGE }),
    ArrayNotEmpty({ message: DURATIONS_MESSAGE }),
    IsIn(DURATION_TYPES, { each: true, message: DURATIONS_MESSAGE }),
    ArrayUnique({ message: DURATIONS_MESSAGE }),
  )
  allowedDurations?: DurationType[] | null;

  /** One message for every problem, like the lists. */
  @allOf(
    OptionalOrNull(),
    IsInt({ message: MAX_DEVICES_MESSAGE }),
    Min(maxDevicesMin, { message: MAX_DEVICES_MESSAGE }),
    Max(maxDevicesMax, { message: MAX_DEVICES_MESSAGE }),
  )
  maxDevicesLimit?: number | null;
}

/** `POST .../resellers`. */
export class CreateResellerRequest extends ResellerBounds {
  @MaxLength(AccountLimits.emailMax, { message: FieldMessage.atMost('email', AccountLimits.emailMax) })
  @IsEmail({}, { message: FieldMessage.email('email') })
  @IsString({ message: FieldMessage.string('email') })
  email!: string;

  @Length(passwordMin, passwordMax, { message: PASSWORD_MESSAGE })
  @IsString({ message: FieldMessage.string('password') })
  password!: string;

  /** opening balance, recorded as a `grant` entry */
  @OptionalInt('credits', creditsMin, creditsMax)
  credits?: number;
}

/** `PATCH .../resellers/{resellerId}`. */
export class UpdateResellerRequest extends ResellerBounds {
  @Optional()
  @IsBoolean({ message: FieldMessage.boolean('enabled') })
  enabled?: boolean;

  @Optional()
  @Length(passwordMin, passwordMax, { message: PASSWORD_MESSAGE })
  @IsString({ message: FieldMessage.string('password') })
  password?: string;
}

/** `POST .../resellers/{resellerId}/credits`: adds (positive) or removes (negative) credits. */
export class AdjustCreditsRequest {
  @NotEquals(0, { message: FieldMessage.notZero('amount') })
  @Max(amountMax, { message: AMOUNT_RANGE })
  @Min(amountMin, { message: AMOUNT_RANGE })
  @IsInt({ message: FieldMessage.integer('amount') })
  amount!: number;

  /** null: no note */
  @OptionalOrNull()
  @MaxLength(noteMax, { message: FieldMessage.atMost('note', noteMax) })
  @IsString({ message: FieldMessage.string('note') })
  note?: string | null;
}
