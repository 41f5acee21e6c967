import type { AdminLoginRequest, SignupRequest } from '@latchkey/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import type { ChangePasswordRequest, CreatePersonalAccessTokenRequest } from '@latchkey/contracts';
import { AccountLimits, FieldMessage, MEMBER_ROLES, type MemberRole } from '@latchkey/contracts';
import { IsEmail, IsIn, IsString, Length, MaxLength } from 'class-validator';
import { Optional } from '../../common/input/optional-field.js';
import { OptionalIntField } from '../../common/int-field.js';

const trimLower = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value);
const { passwordMin, passwordMax, checkedPasswordMin } = AccountLimits;

export class SignupDto implements SignupRequest {
  @ApiProperty({ example: 'owner@example.com' })
  @Transform(trimLower)
  @MaxLength(AccountLimits.emailMax, { message: FieldMessage.atMost('email', AccountLimits.emailMax) })
  @IsEmail({}, { message: FieldMessage.email('email') })
  @IsString({ message: FieldMessage.string('email') })
  email: string;

  @ApiProperty({ minLength: passwordMin, maxLength: passwordMax })
  @Length(passwordMin, passwordMax, { message: FieldMessage.length('password', passwordMin, passwordMax) })
  @IsString({ message: FieldMessage.string('password') })
  password: string;
}

export class LoginDto implements AdminLoginRequest {
  @ApiProperty({ example: 'owner@example.com' })
  @Transform(trimLower)
  @Length(AccountLimits.emailMin, AccountLimits.emailMax, {
    message: FieldMessage.length('email', AccountLimits.emailMin, AccountLimits.emailMax),
  })
  @IsString({ message: FieldMessage.string('email') })
  email: string;

  @ApiProperty()
  @Length(checkedPasswordMin, passwordMax, {
    message: FieldMessage.length('password', checkedPasswordMin, passwordMax),
  })
  @IsString({ message: FieldMessage.string('password') })
  password: string;
}

export class CreateTokenDto implements CreatePersonalAccessTokenRequest {
  @ApiProperty({ example: 'CI deploys', maxLength: AccountLimits.tokenNameMax })
  @Length(AccountLimits.tokenNameMin, AccountLimits.tokenNameMax, {
    message: FieldMessage.length('name', AccountLimits.tokenNameMin, AccountLimits.tokenNameMax),
  })
  @IsString({ message: FieldMessage.string('name') })
  name: string;

  /** absent: the token lives until revoked */
  @OptionalIntField('expiresInDays', AccountLimits.tokenExpiresInDaysMin, AccountLimits.tokenExpiresInDaysMax)
  expiresInDays?: number;

  @ApiPropertyOptional({
    enum: MEMBER_ROLES,
    description: 'the token acts with at most this role on every app; absent: its holder’s role',
  })
  @Optional()
  @IsIn(MEMBER_ROLES, { message: FieldMessage.oneOf('maxRole', MEMBER_ROLES) })
  maxRole?: MemberRole;
}

export class ChangePasswordDto implements ChangePasswordRequest {
  @ApiProperty()
  @Length(checkedPasswordMin, passwordMax, {
    message: FieldMessage.length('currentPassword', checkedPasswordMin, passwordMax),
  })
  @IsString({ message: FieldMessage.string('currentPassword') })
  currentPassword: string;

  @ApiProperty({ minLength: passwordMin, maxLength: passwordMax })
  @Length(passwordMin, passwordMax, { message: FieldMessage.length('newPassword', passwordMin, passwordMax) })
  @IsString({ message: FieldMessage.string('newPassword') })
  newPassword: string;
}
