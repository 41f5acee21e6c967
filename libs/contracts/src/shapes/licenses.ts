import { IsIn, IsString, IsUUID, Length, Matches, MaxLength } from 'class-validator';
import { FieldMessage } from '../field-messages.js';
import {
  DURATION_TYPES,
  LICENSE_STATUSES,
  LicenseLimits,
  PREFIX_MESSAGE,
  type DurationType,
  type LicenseStatus,
} from '../licensing.js';
import { allOf, Optional, OptionalInt, OptionalLevel, OptionalMaxDevices, OptionalOrNull } from './fields.js';
import { ListQuery } from './paging.js';
import { CustomerEmailField, PublicReasonField } from './portal.js';

/*
 * Request shapes of an app's license keys: the one declaration of their rules.
 * The API's DTOs (apps/api/src/modules/licenses) extend these with OpenAPI
 * only, and the dashboard's generate, edit and ban dialogs validate with them too.
 * The list and export queries are the API's too (the dashboard builds them from its filters).
 */

const { countMin, countMax, noteMax, banReasonMax, prefixPattern, searchMin, searchMax } = LicenseLimits;

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

  /** the customer's email, for the portal's sign-in by email; null clears it */
  @CustomerEmailField()
  customerEmail?: string | null;
}

/** `POST .../licenses/{id}/ban`. */
export class BanLicenseRequest {
  @OptionalOrNull()
  @MaxLength(banReasonMax, { message: FieldMessage.atMost('reason', banReasonMax) })
  @IsString({ message: FieldMessage.string('reason') })
  reason?: string | null;

  /** shown to the customer in the portal (`reason` never is) */
  @PublicReasonField()
  publicReason?: string | null;
}

/** `status`: the lists' and the export's filter by status. */
const StatusFilter = (): PropertyDecorator =>
  allOf(Optional(), IsIn(LICENSE_STATUSES, { message: FieldMessage.oneOf('status', LICENSE_STATUSES) }));

/** `createdBy`: the owner's filter by creator; a reseller sees only its own keys anyway. */
const CreatedByFilter = (): PropertyDecorator =>
  allOf(Optional(), IsUUID('all', { message: FieldMessage.accountId('createdBy') }));

/** `GET .../licenses`: paging, and optionally a status, a creator and part of the key or the note. */
export class ListLicensesQuery extends ListQuery {
  @StatusFilter()
  status?: LicenseStatus;

  /** Account id of the creator (the owner's filter by reseller; a reseller sees only its own keys anyway). */
  @CreatedByFilter()
  createdBy?: string;

  /** Part of the key or the note. */
  @Optional()
  @Length(searchMin, searchMax, { message: FieldMessage.length('search', searchMin, searchMax) })
  @IsString({ message: FieldMessage.string('search') })
  search?: string;
}

/** `GET .../licenses/export`: the same filters as the list, without paging. */
export class ExportLicensesQuery {
  @StatusFilter()
  status?: LicenseStatus;

  @CreatedByFilter()
  createdBy?: string;
}
