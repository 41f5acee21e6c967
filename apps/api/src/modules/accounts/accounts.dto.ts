import {
  AccountLimits,
  AdminLoginRequest,
  ChangePasswordRequest,
  CreatePersonalAccessTokenRequest,
  MEMBER_ROLES,
  SignupRequest,
  type MemberRole,
} from '@latchkey/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ApiOptionalInt } from '../../common/int-field.js';

// The bodies' rules are the contracts' request shapes' (libs/contracts/src/shapes/accounts.ts); these add
// OpenAPI only, and the email's trim and lower case before it is checked.

const trimLower = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value);
const { passwordMin, passwordMax } = AccountLimits;

export class SignupDto extends SignupRequest {
  @ApiProperty({ example: 'owner@example.com' })
  @Transform(trimLower)
  declare email: string;

  @ApiProperty({ minLength: passwordMin, maxLength: passwordMax })
  declare password: string;
}

export class LoginDto extends AdminLoginRequest {
  @ApiProperty({ example: 'owner@example.com' })
  @Transform(trimLower)
  declare email: string;

  @ApiProperty()
  declare password: string;
}

export class CreateTokenDto extends CreatePersonalAccessTokenRequest {
  @ApiProperty({ example: 'CI deploys', maxLength: AccountLimits.tokenNameMax })
  declare name: string;

  /** absent: the token lives until revoked */
  @ApiOptionalInt(AccountLimits.tokenExpiresInDaysMin, AccountLimits.tokenExpiresInDaysMax)
  declare expiresInDays?: number;

  @ApiPropertyOptional({
    enum: MEMBER_ROLES,
    description: 'the token acts with at most this role on every app; absent: its holder’s role',
  })
  declare maxRole?: MemberRole;
}

export class ChangePasswordDto extends ChangePasswordRequest {
  @ApiProperty()
  declare currentPassword: string;

  @ApiProperty({ minLength: passwordMin, maxLength: passwordMax })
  declare newPassword: string;
}
