import { IsIn, IsString, Matches, MaxLength } from 'class-validator';
import { FieldMessage } from '../field-messages.js';
import { DURATION_TYPES, LicenseLimits, PREFIX_MESSAGE, type DurationType } from '../licensing.js';
import { Optional, OptionalInt, OptionalLevel, OptionalMaxDevices, OptionalOrNull } from './fields.js';

/*
 * Request shapes of an app's license keys: the one declaration of their rules.
 * The API's DTOs (apps/api/src/modules/licenses) extend these with OpenAPI
 * only, and the dashboard's generate, edit and ban dialogs validate with them too.
 */

const { countMin, countMax, noteMax, banReasonMax, prefixPattern } = LicenseLimits;

/** `POST .../licenses`: generates `count` keys alike. */
export class GenerateLicensesRequest {
  @OptionalInt('count', countMin, countMax)
  count?: number;

  @IsIn(DURATION_TYPES, { message: FieldMessage.oneOf('durationType', DURATION_TYPES) })
  durationType!: DurationType;

  @OptionalLevel()
  level?: number;

  @OptionalMaxDevices()
  maxDevices?: number;

  @Optional()
  @Matches(prefixPattern, { message: PREFIX_MESSAGE })
  @IsString({ message: FieldMessage.string('prefix') })
  prefix?: string;

  /** null: no note */
  @OptionalOrNull()
  @MaxLength(noteMax, { message: FieldMessage.atMost('note', noteMax) })
  @IsString({ message: FieldMessage.string('note') })
  note?: string | null;
}

/** `PATCH .../licenses/{id}`: note, level and/or device limit. */
export class UpdateLicenseRequest {
  /** null clears the note */
  @OptionalOrNull()
  @MaxLength(noteMax, { message: FieldMessage.atMost('note', noteMax) })
  @IsString({ message: FieldMessage.string('note') })
  note?: string | null;

  @OptionalLevel()
  level?: number;

  @OptionalMaxDevices()
  maxDevices?: number;
}

/** `POST .../licenses/{id}/ban`. */
export class BanLicenseRequest {
  @OptionalOrNull()
  @MaxLength(banReasonMax, { message: FieldMessage.atMost('reason', banReasonMax) })
  @IsString({ message: FieldMessage.string('reason') })
  reason?: string | null;
}
