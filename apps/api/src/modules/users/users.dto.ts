import type { ListUsersQuery } from '@latchkey/contracts';
import {
  BanUserRequest,
  ClientLimits,
  CreateUserRequest,
  ExtendUserRequest,
  SetUserExpiryRequest,
  FieldMessage,
  LicenseLimits,
  UserLimits,
} from '@latchkey/contracts';
import { ApiLevel, ApiMaxDevices } from '../../common/int-field.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';
import { Optional } from '../../common/input/optional-field.js';
import { PageQuery } from '../../common/admin-response.js';

// The bodies' rules are the contracts' request shapes' (libs/contracts/src/shapes/users.ts); their DTOs add
// OpenAPI only. The list query keeps its rules here until the paging query it extends moves too.

export class UsersQuery extends PageQuery implements ListUsersQuery {
  @ApiPropertyOptional({ description: 'Part of a username, any case' })
  @Optional()
  @Length(UserLimits.searchMin, UserLimits.searchMax, {
    message: FieldMessage.length('search', UserLimits.searchMin, UserLimits.searchMax),
  })
  @IsString({ message: FieldMessage.string('search') })
  search?: string;
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
