import { IsBoolean, IsString, IsUrl, Length, Matches, MaxLength, ValidateBy } from 'class-validator';
import { AppLimits } from '../admin-limits.js';
import { FieldMessage } from '../field-messages.js';
import { KEYAUTH_VERSIONS, KeyAuthLimits, KeyAuthMessage, type KeyAuthVersion } from '../keyauth.js';
import { Optional, OptionalOrNull } from './fields.js';

/*
 * Request shapes of an app's KeyAuth compatibility settings: the one
 * declaration of their rules. The API's DTOs
 * (apps/api/src/modules/keyauth/keyauth-settings.dto.ts) extend these with
 * OpenAPI only, and the dashboard's existing-secret dialog validates with them too.
 */

const URL_OPTIONS = { protocols: ['http', 'https'], require_protocol: true, require_tld: false };

/** A non-empty list of distinct KeyAuth versions. */
function isVersionList(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    new Set(value).size === value.length &&
    value.every((version) => (KEYAUTH_VERSIONS as readonly unknown[]).includes(version))
  );
}

/** An object mapping levels (decimal strings within KeyAuthLimits' range) to subscription names. */
function isSubscriptionNames(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.entries(value).every(([level, name]) => {
    const number = /^[1-9][0-9]*$/.test(level) ? Number(level) : NaN;
    return (
      number >= KeyAuthLimits.levelMin &&
      number <= KeyAuthLimits.levelMax &&
      typeof name === 'string' &&
      name.length >= KeyAuthLimits.subscriptionNameMin &&
      name.length <= KeyAuthLimits.subscriptionNameMax
    );
  });
}

/** `PUT /v1/admin/apps/{appId}/keyauth` */
export class UpdateKeyAuthSettingsRequest {
  @IsBoolean({ message: FieldMessage.boolean('enabled') })
  enabled!: boolean;

  @Matches(KeyAuthLimits.ownerIdPattern, { message: KeyAuthMessage.ownerId })
  @IsString({ message: KeyAuthMessage.ownerId })
  ownerId!: string;

  @Length(KeyAuthLimits.nameMin, KeyAuthLimits.nameMax, {
    message: FieldMessage.length('name', KeyAuthLimits.nameMin, KeyAuthLimits.nameMax),
  })
  @IsString({ message: FieldMessage.string('name') })
  name!: string;

  @ValidateBy(
    { name: 'isKeyAuthVersionList', validator: { validate: isVersionList } },
    { message: KeyAuthMessage.versions },
  )
  versions!: KeyAuthVersion[];

  @ValidateBy(
    { name: 'isKeyAuthSubscriptionNames', validator: { validate: isSubscriptionNames } },
    { message: KeyAuthMessage.subscriptionNames },
  )
  subscriptionNames!: Record<string, string>;

  @IsBoolean({ message: FieldMessage.boolean('fetchOnline') })
  fetchOnline!: boolean;

  @IsBoolean({ message: FieldMessage.boolean('selfBan') })
  selfBan!: boolean;

  /** Absent: on when a (deprecated) `appVersion` string is sent, else off. */
  @Optional()
  @IsBoolean({ message: FieldMessage.boolean('checkVersion') })
  checkVersion?: boolean;

  /** Deprecated for one release (issue 41): a string sets the app's version, within the app's version limits. */
  @OptionalOrNull()
  @Length(AppLimits.versionMin, AppLimits.versionMax, {
    message: FieldMessage.length('appVersion', AppLimits.versionMin, AppLimits.versionMax),
  })
  @IsString({ message: FieldMessage.string('appVersion') })
  appVersion?: string | null;

  @OptionalOrNull()
  @MaxLength(KeyAuthLimits.downloadUrlMax, {
    message: FieldMessage.atMost('downloadUrl', KeyAuthLimits.downloadUrlMax),
  })
  @IsUrl(URL_OPTIONS, { message: FieldMessage.httpUrl('downloadUrl') })
  @IsString({ message: FieldMessage.string('downloadUrl') })
  downloadUrl?: string | null;
}

/** `POST /v1/admin/apps/{appId}/keyauth/secret`: absent `secret` generates a new one. */
export class SetKeyAuthSecretRequest {
  @Optional()
  @Matches(KeyAuthLimits.secretPattern, { message: KeyAuthMessage.secret })
  @IsString({ message: KeyAuthMessage.secret })
  secret?: string;
}
