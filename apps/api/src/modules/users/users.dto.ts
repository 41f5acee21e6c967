import type { BanUserRequest, CreateUserRequest, ExtendUserRequest, ListUsersQuery } from '@latchkey/contracts';
import { ClientLimits, FieldMessage, LicenseLimits, USERNAME_MESSAGE, UserLimits } from '@latchkey/contracts';
import { LevelField, MaxDevicesField } from '../../common/int-field.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsISO8601, IsString, Length, Matches, Max, MaxLength, Min } from 'class-validator';
import { Optional, OptionalOrNull } from '../../common/input/optional-field.js';
import { PageQuery } from '../../common/admin-response.js';

export class UsersQuery extends PageQuery implements ListUsersQuery {
  @ApiPropertyOptional({ description: 'Part of a username, any case' })
  @Optional()
  @Length(UserLimits.searchMin, UserLimits.searchMax, {
    message: FieldMessage.length('search', UserLimits.searchMin, UserLimits.searchMax),
  })
  @IsString({ message: FieldMessage.string('search') })
  search?: string;
}

export class CreateUserDto implements CreateUserRequest {
  @ApiProperty({ example: 'alice', pattern: ClientLimits.usernamePattern.source })
  @Matches(ClientLimits.usernamePattern, { message: USERNAME_MESSAGE })
  @IsString({ message: FieldMessage.string('username') })
  username: string;

  @ApiProperty({ minLength: ClientLimits.passwordMin, maxLength: ClientLimits.passwordMax })
  @Length(ClientLimits.passwordMin, ClientLimits.passwordMax, {
    message: FieldMessage.length('password', ClientLimits.passwordMin, ClientLimits.passwordMax),
  })
  @IsString({ message: FieldMessage.string('password') })
  password: string;

  @LevelField(LicenseLimits.levelDefault)
  level?: number;

  @MaxDevicesField(LicenseLimits.maxDevicesDefault)
  maxDevices?: number;

  @ApiPropertyOptional({ nullable: true, example: '2027-01-01T00:00:00.000Z', description: 'null or absent: lifetime' })
  @OptionalOrNull()
  @IsISO8601({ strict: true }, { message: FieldMessage.timestampOrNull('expiresAt') })
  @IsString({ message: FieldMessage.timestampOrNull('expiresAt') })
  expiresAt?: string | null;
}

export class BanUserDto implements BanUserRequest {
  @ApiPropertyOptional({ maxLength: UserLimits.banReasonMax, nullable: true })
  @OptionalOrNull()
  @MaxLength(UserLimits.banReasonMax, { message: FieldMessage.atMost('reason', UserLimits.banReasonMax) })
  @IsString({ message: FieldMessage.string('reason') })
  reason?: string | null;
}

const { extendDaysMin, extendDaysMax } = UserLimits;
const EXTEND_DAYS_RANGE = FieldMessage.between('days', extendDaysMin, extendDaysMax);

export class ExtendUserDto implements ExtendUserRequest {
  @ApiProperty({ minimum: extendDaysMin, maximum: extendDaysMax, example: 30 })
  @Min(extendDaysMin, { message: EXTEND_DAYS_RANGE })
  @Max(extendDaysMax, { message: EXTEND_DAYS_RANGE })
  @IsInt({ message: FieldMessage.integer('days') })
  days: number;
}
