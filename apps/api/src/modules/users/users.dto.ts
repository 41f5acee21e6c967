import {
  BanUserRequest,
  ClientLimits,
  CreateUserRequest,
  ExtendUserRequest,
  LicenseLimits,
  ListUsersQuery,
  SetUserExpiryRequest,
  UserLimits,
  PortalLimits,
} from '@latchkey/contracts';
import { ApiLevel, ApiMaxDevices } from '../../common/int-field.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiLimit, ApiPage } from '../../common/admin-response.js';

// The rules are the contracts' request shapes' (libs/contracts/src/shapes/users.ts); these add OpenAPI only.

export class UsersQuery extends ListUsersQuery {
  @ApiPage()
  declare page: number;

  @ApiLimit()
  declare limit: number;

  @ApiPropertyOptional({ description: 'Part of a username, any case' })
  declare search?: string;
}

export class CreateUserDto extends CreateUserRequest {
  @ApiProperty({ example: 'alice', pattern: ClientLimits.usernamePattern.source })
  declare username: string;

  @ApiProperty({ minLength: ClientLimits.passwordMin, maxLength: ClientLimits.passwordMax })
  declare password: string;

  @ApiLevel(LicenseLimits.levelDefault)
  declare level?: number;

  @ApiMaxDevices(LicenseLimits.maxDevicesDefault)
  declare maxDevices?: number;

  @ApiPropertyOptional({ nullable: true, example: '2027-01-01T00:00:00.000Z', description: 'null or absent: lifetime' })
  declare expiresAt?: string | null;
}

export class BanUserDto extends BanUserRequest {
  @ApiPropertyOptional({ maxLength: UserLimits.banReasonMax, nullable: true })
  declare reason?: string | null;

  @ApiPropertyOptional({
    maxLength: PortalLimits.publicReasonMax,
    nullable: true,
    description: 'shown to the customer in the portal',
  })
  declare publicReason?: string | null;
}

const { extendDaysMin, extendDaysMax } = UserLimits;

export class ExtendUserDto extends ExtendUserRequest {
  @ApiProperty({ minimum: extendDaysMin, maximum: extendDaysMax, example: 30 })
  declare days: number;
}

export class SetUserExpiryDto extends SetUserExpiryRequest {
  @ApiProperty({
    nullable: true,
    example: '2020-01-01T00:00:00.000Z',
    description: 'any moment, the past included; null: lifetime',
  })
  declare expiresAt: string | null;
}
