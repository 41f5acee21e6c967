import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsString,
  IsUrl,
  IsUUID,
  Length,
  Matches,
  MaxLength,
  ValidateBy,
  ValidateIf,
} from 'class-validator';
import { FieldMessage } from '../field-messages.js';
import { LicenseLimits } from '../licensing.js';
import {
  HWID_RESET_MODES,
  PORTAL_SIGN_IN_METHODS,
  PortalLimits,
  type HwidResetMode,
  type PortalSignInMethod,
} from '../portal.js';
import { allOf, HTTP_URL_OPTIONS, Optional, OptionalInt, OptionalOrNull } from './fields.js';

/*
 * Request shapes of the customer portal: the owner's settings (admin) and the
 * customer's own requests (`/v1/portal/{publicId}/...`). The API's DTOs add
 * OpenAPI only; the dashboard's settings form and the portal's sign-in form
 * validate with these too.
 */

const L = PortalLimits;
const LEVEL_NAMES_MESSAGE =
  `levelNames must be an object of at most ${L.levelNamesMax} levels ` +
  `(${LicenseLimits.levelMin}-${LicenseLimits.levelMax}) to names of 1-${L.levelNameMax} characters`;

function isLevelNames(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const entries = Object.entries(value);
  if (entries.length > L.levelNamesMax) return false;
  return entries.every(
    ([level, name]) =>
      /^(0|[1-9]\d{0,3})$/.test(level) &&
      Number(level) <= LicenseLimits.levelMax &&
      typeof name === 'string' &&
      name.trim().length >= 1 &&
      name.length <= L.levelNameMax,
  );
}

/** `PATCH .../apps/{appId}/portal`: any of the owner's settings. */
export class UpdatePortalSettingsRequest {
  @Optional()
  @IsBoolean({ message: FieldMessage.boolean('enabled') })
  enabled?: boolean;

  /** null: the app's name */
  @OptionalOrNull()
  @Length(L.displayNameMin, L.displayNameMax, {
    message: FieldMessage.length('displayName', L.displayNameMin, L.displayNameMax),
  })
  @IsString({ message: FieldMessage.string('displayName') })
  displayName?: string | null;

  @Optional()
  @Matches(L.accentColorPattern, { message: 'accentColor must be a color such as #4f46e5' })
  @IsString({ message: FieldMessage.string('accentColor') })
  accentColor?: string;

  @OptionalOrNull()
  @MaxLength(L.supportUrlMax, { message: FieldMessage.atMost('supportUrl', L.supportUrlMax) })
  @IsUrl(HTTP_URL_OPTIONS, { message: FieldMessage.httpUrl('supportUrl') })
  @IsString({ message: FieldMessage.string('supportUrl') })
  supportUrl?: string | null;

  @Optional()
  @ValidateBy({ name: 'levelNames', validator: { validate: isLevelNames, defaultMessage: () => LEVEL_NAMES_MESSAGE } })
  levelNames?: Record<string, string>;

  @Optional()
  @IsIn(PORTAL_SIGN_IN_METHODS, {
    each: true,
    message: FieldMessage.nonEmptyListOf('signInMethods', PORTAL_SIGN_IN_METHODS),
  })
  @ArrayMaxSize(PORTAL_SIGN_IN_METHODS.length, {
    message: FieldMessage.nonEmptyListOf('signInMethods', PORTAL_SIGN_IN_METHODS),
  })
  // A portal no one can sign in to is switched off with `enabled`, not by emptying this list.
  @ArrayMinSize(L.signInMethodsMin, { message: FieldMessage.nonEmptyListOf('signInMethods', PORTAL_SIGN_IN_METHODS) })
  @IsArray({ message: FieldMessage.nonEmptyListOf('signInMethods', PORTAL_SIGN_IN_METHODS) })
  signInMethods?: PortalSignInMethod[];

  @Optional()
  @IsIn(HWID_RESET_MODES, { message: FieldMessage.oneOf('hwidResetMode', HWID_RESET_MODES) })
  hwidResetMode?: HwidResetMode;

  @OptionalInt('hwidResetsPerPeriod', L.resetsPerPeriodMin, L.resetsPerPeriodMax)
  hwidResetsPerPeriod?: number;

  @OptionalInt('hwidResetPeriodDays', L.periodDaysMin, L.periodDaysMax)
  hwidResetPeriodDays?: number;

  @OptionalInt('hwidResetCooldownHours', L.cooldownHoursMin, L.cooldownHoursMax)
  hwidResetCooldownHours?: number;

  @Optional()
  @IsBoolean({ message: FieldMessage.boolean('hwidResetEndsSessions') })
  hwidResetEndsSessions?: boolean;
}

const needs = (method: PortalSignInMethod) => (request: PortalSignInRequest) => request.method === method;

/** `POST /v1/portal/{publicId}/sign-in`: one method and what it takes. */
export class PortalSignInRequest {
  @IsIn(PORTAL_SIGN_IN_METHODS, { message: FieldMessage.oneOf('method', PORTAL_SIGN_IN_METHODS) })
  method!: PortalSignInMethod;

  @ValidateIf(needs('key'))
  @Length(L.keyMin, L.keyMax, { message: FieldMessage.length('key', L.keyMin, L.keyMax) })
  @IsString({ message: FieldMessage.string('key') })
  key?: string;

  @ValidateIf(needs('password'))
  @Length(L.usernameMin, L.usernameMax, { message: FieldMessage.length('username', L.usernameMin, L.usernameMax) })
  @IsString({ message: FieldMessage.string('username') })
  username?: string;

  @ValidateIf(needs('password'))
  @Length(L.passwordMin, L.passwordMax, { message: FieldMessage.length('password', L.passwordMin, L.passwordMax) })
  @IsString({ message: FieldMessage.string('password') })
  password?: string;

  @ValidateIf(needs('email'))
  @MaxLength(L.customerEmailMax, { message: FieldMessage.atMost('email', L.customerEmailMax) })
  @IsEmail({}, { message: FieldMessage.email('email') })
  @IsString({ message: FieldMessage.string('email') })
  email?: string;

  @ValidateIf(needs('email'))
  @Matches(/^\d+$/, { message: `code must be ${L.codeLength} digits` })
  @Length(L.codeLength, L.codeLength, { message: `code must be ${L.codeLength} digits` })
  @IsString({ message: FieldMessage.string('code') })
  code?: string;
}

/** `POST /v1/portal/{publicId}/email-code`: send a one-time code to this email. */
export class PortalEmailCodeRequest {
  @MaxLength(L.customerEmailMax, { message: FieldMessage.atMost('email', L.customerEmailMax) })
  @IsEmail({}, { message: FieldMessage.email('email') })
  @IsString({ message: FieldMessage.string('email') })
  email!: string;
}

/** `POST /v1/portal/{publicId}/files/{fileId}/link`: a download link for one of the customer's users. */
export class PortalDownloadRequest {
  @IsUUID('all', { message: FieldMessage.uuid('userId') })
  userId!: string;
}

/** A key's customer email (`PATCH .../licenses/{id}`, `customerEmail`): null clears it. */
export const CustomerEmailField = (): PropertyDecorator =>
  allOf(
    OptionalOrNull(),
    IsString({ message: FieldMessage.string('customerEmail') }),
    IsEmail({}, { message: FieldMessage.email('customerEmail') }),
    MaxLength(L.customerEmailMax, { message: FieldMessage.atMost('customerEmail', L.customerEmailMax) }),
  );

/** The reason a ban shows the customer in the portal (`publicReason` of a ban): null for none. */
export const PublicReasonField = (): PropertyDecorator =>
  allOf(
    OptionalOrNull(),
    IsString({ message: FieldMessage.string('publicReason') }),
    MaxLength(L.publicReasonMax, { message: FieldMessage.atMost('publicReason', L.publicReasonMax) }),
  );
