import { IsInt, IsISO8601, IsString, Length, Matches, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { UserLimits } from '../admin-limits.js';
import { ClientLimits, USERNAME_MESSAGE } from '../client.js';
import { FieldMessage } from '../field-messages.js';
import { Optional, OptionalLevel, OptionalMaxDevices, OptionalOrNull } from './fields.js';
import { ListQuery } from './paging.js';
import { PublicReasonField } from './portal.js';

/*
 * Request shapes of an app's users: the one declaration of their rules. The
 * API's DTOs (apps/api/src/modules/users) extend these with OpenAPI only, and
 * the dashboard's new-user, ban and extend dialogs validate with them too.
 */

const { passwordMin, passwordMax } = ClientLimits;
const { banReasonMax, extendDaysMin, extendDaysMax, searchMin, searchMax } = UserLimits;
const EXTEND_DAYS_RANGE = FieldMessage.between('days', extendDaysMin, extendDaysMax);

/** `POST .../users`: a user with a password, without a license key. */
export class CreateUserRequest {
  @Matches(ClientLimits.usernamePattern, { message: USERNAME_MESSAGE })
  @IsString({ message: FieldMessage.string('username') })
  username!: string;

  @Length(passwordMin, passwordMax, { message: FieldMessage.length('password', passwordMin, passwordMax) })
  @IsString({ message: FieldMessage.string('password') })
  password!: string;

  @OptionalLevel()
  level?: number;

  @OptionalMaxDevices()
  maxDevices?: number;

  /** null or absent = lifetime */
  @OptionalOrNull()
  @IsISO8601({ strict: true }, { message: FieldMessage.timestampOrNull('expiresAt') })
  @IsString({ message: FieldMessage.timestampOrNull('expiresAt') })
  expiresAt?: string | null;
}

/** `POST .../users/{userId}/ban`. */
export class BanUserRequest {
  @OptionalOrNull()
  @MaxLength(banReasonMax, { message: FieldMessage.atMost('reason', banReasonMax) })
  @IsString({ message: FieldMessage.string('reason') })
  reason?: string | null;

  /** shown to the customer in the portal (`reason` never is) */
  @PublicReasonField()
  publicReason?: string | null;
}

/** `POST .../users/{userId}/extend`: days added to the later of now and the expiry. */
export class ExtendUserRequest {
  @Min(extendDaysMin, { message: EXTEND_DAYS_RANGE })
  @Max(extendDaysMax, { message: EXTEND_DAYS_RANGE })
  @IsInt({ message: FieldMessage.integer('days') })
  days!: number;
}

/**
 * `PUT .../users/{userId}/expiry`: the expiry set to a chosen moment, the past
 * included (a vendor trying their software's expiry screen); null = lifetime.
 * Required: absent is refused, so a typo cannot make a user lifetime.
 */
export class SetUserExpiryRequest {
  @ValidateIf((_, value) => value !== null)
  @IsISO8601({ strict: true }, { message: FieldMessage.timestampOrNull('expiresAt') })
  @IsString({ message: FieldMessage.timestampOrNull('expiresAt') })
  expiresAt!: string | null;
}

/** `GET .../users`: paging, and optionally part of a username (any case). */
export class ListUsersQuery extends ListQuery {
  @Optional()
  @Length(searchMin, searchMax, { message: FieldMessage.length('search', searchMin, searchMax) })
  @IsString({ message: FieldMessage.string('search') })
  search?: string;
}
