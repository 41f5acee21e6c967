import { IsBoolean, IsString, IsUrl, Length } from 'class-validator';
import { AppLimits } from '../admin-limits.js';
import { FieldMessage } from '../field-messages.js';
import { HTTP_URL_OPTIONS, Optional, OptionalInt, OptionalOrNull, allOf } from './fields.js';

/*
 * Request shapes of an app's settings: the one declaration of their rules.
 * The API's DTOs (apps/api/src/modules/apps) extend these with OpenAPI only,
 * and the dashboard's new-app and settings forms validate with them too.
 */

const { nameMin, nameMax, versionMin, versionMax, updateUrlMin, updateUrlMax } = AppLimits;

// Each field's rules, once for both requests: on create only the name is required.
const name = allOf(
  IsString({ message: FieldMessage.string('name') }),
  Length(nameMin, nameMax, { message: FieldMessage.length('name', nameMin, nameMax) }),
);
const version = allOf(
  Optional(),
  IsString({ message: FieldMessage.string('version') }),
  Length(versionMin, versionMax, { message: FieldMessage.length('version', versionMin, versionMax) }),
);
const updateUrl = allOf(
  OptionalOrNull(),
  IsString({ message: FieldMessage.string('updateUrl') }),
  IsUrl(HTTP_URL_OPTIONS, { message: FieldMessage.httpUrl('updateUrl') }),
  Length(updateUrlMin, updateUrlMax, { message: FieldMessage.atMost('updateUrl', updateUrlMax) }),
);

/** `POST /v1/admin/apps`. */
export class CreateAppRequest {
  @name
  name!: string;

  @version
  version?: string;

  @updateUrl
  updateUrl?: string | null;
}

/** `PATCH /v1/admin/apps/{appId}`: only the settings sent change. */
export class UpdateAppRequest {
  @Optional()
  @name
  name?: string;

  @version
  version?: string;

  @updateUrl
  updateUrl?: string | null;

  @Optional()
  @IsBoolean({ message: FieldMessage.boolean('enabled') })
  enabled?: boolean;

  @Optional()
  @IsBoolean({ message: FieldMessage.boolean('hwidLock') })
  hwidLock?: boolean;

  @OptionalInt('sessionTtlSeconds', AppLimits.sessionSecondsMin, AppLimits.sessionSecondsMax)
  sessionTtlSeconds?: number;

  @OptionalInt('sessionIdleSeconds', AppLimits.sessionSecondsMin, AppLimits.sessionSecondsMax)
  sessionIdleSeconds?: number;

  @OptionalInt('rateLimitPerMinute', AppLimits.rateLimitPerMinuteMin, AppLimits.rateLimitPerMinuteMax)
  rateLimitPerMinute?: number;

  @OptionalInt('offlineTicketSeconds', AppLimits.offlineTicketSecondsMin, AppLimits.offlineTicketSecondsMax)
  offlineTicketSeconds?: number;
}
