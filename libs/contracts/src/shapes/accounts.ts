import { IsEmail, IsIn, IsString, Length, MaxLength } from 'class-validator';
import { AccountLimits } from '../admin-limits.js';
import { FieldMessage } from '../field-messages.js';
import { MEMBER_ROLES, type MemberRole } from '../teams.js';
import { allOf, Optional, OptionalInt } from './fields.js';

/*
 * Request shapes of an admin account: the one declaration of their rules. The
 * API's DTOs (apps/api/src/modules/accounts) extend these with OpenAPI only
 * (and the email's trim and lower case), and the dashboard's sign-up, sign-in,
 * password and token forms validate with them too.
 */

const { passwordMin, passwordMax, checkedPasswordMin, emailMin, emailMax, tokenNameMin, tokenNameMax } = AccountLimits;

/** A password being checked (sign-in, the current one): only bounded, not held to today's minimum. */
const CheckedPassword = (field: string): PropertyDecorator =>
  allOf(
    IsString({ message: FieldMessage.string(field) }),
    Length(checkedPasswordMin, passwordMax, { message: FieldMessage.length(field, checkedPasswordMin, passwordMax) }),
  );

/** `POST /v1/admin/auth/signup`: the email (trimmed and lower-cased by the API) and a new password. */
export class SignupRequest {
  @MaxLength(emailMax, { message: FieldMessage.atMost('email', emailMax) })
  @IsEmail({}, { message: FieldMessage.email('email') })
  @IsString({ message: FieldMessage.string('email') })
  email!: string;

  @Length(passwordMin, passwordMax, { message: FieldMessage.length('password', passwordMin, passwordMax) })
  @IsString({ message: FieldMessage.string('password') })
  password!: string;
}

/** `POST /v1/admin/auth/login`: the email (trimmed and lower-cased by the API) and the password, only bounded. */
export class AdminLoginRequest {
  @Length(emailMin, emailMax, { message: FieldMessage.length('email', emailMin, emailMax) })
  @IsString({ message: FieldMessage.string('email') })
  email!: string;

  @CheckedPassword('password')
  password!: string;
}

/** `POST /v1/admin/tokens`: a personal access token. */
export class CreatePersonalAccessTokenRequest {
  @Length(tokenNameMin, tokenNameMax, { message: FieldMessage.length('name', tokenNameMin, tokenNameMax) })
  @IsString({ message: FieldMessage.string('name') })
  name!: string;

  /** absent: the token lives until revoked */
  @OptionalInt('expiresInDays', AccountLimits.tokenExpiresInDaysMin, AccountLimits.tokenExpiresInDaysMax)
  expiresInDays?: number;

  /** narrows the token: it acts with the weaker of its holder's app role and this one */
  @Optional()
  @IsIn(MEMBER_ROLES, { message: FieldMessage.oneOf('maxRole', MEMBER_ROLES) })
  maxRole?: MemberRole;
}

/** `POST /v1/admin/auth/password`: every other token of the account, login and personal, is revoked. */
export class ChangePasswordRequest {
  @CheckedPassword('currentPassword')
  currentPassword!: string;

  @Length(passwordMin, passwordMax, { message: FieldMessage.length('newPassword', passwordMin, passwordMax) })
  @IsString({ message: FieldMessage.string('newPassword') })
  newPassword!: string;
}
