import type { BanUserRequest, CreateUserRequest, ExtendUserRequest, ListUsersQuery } from '@latchkey/contracts';
import { ClientLimits } from '@latchkey/contracts';
import { OptionalIntField } from '../../common/int-field.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsISO8601, IsString, Length, Matches, Max, MaxLength, Min } from 'class-validator';
import { Optional, OptionalOrNull } from '../../common/input/optional-field.js';
import { PageQuery } from '../../common/admin-response.js';

export const MAX_EXTEND_DAYS = 36_500;

export class UsersQuery extends PageQuery implements ListUsersQuery {
  @ApiPropertyOptional({ description: 'Part of a username, any case' })
  @Optional()
  @Length(1, 64, { message: 'search must be 1-64 characters' })
  @IsString({ message: 'search must be a string' })
  search?: string;
}

export class CreateUserDto implements CreateUserRequest {
  @ApiProperty({ example: 'alice', pattern: ClientLimits.usernamePattern.source })
  @Matches(ClientLimits.usernamePattern, { message: 'username must be 3-32 characters of A-Z, a-z, 0-9, _ . -' })
  @IsString({ message: 'username must be a string' })
  username: string;

  @ApiProperty({ minLength: ClientLimits.passwordMin, maxLength: ClientLimits.passwordMax })
  @Length(ClientLimits.passwordMin, ClientLimits.passwordMax, {
    message: `password must be ${ClientLimits.passwordMin}-${ClientLimits.passwordMax} characters`,
  })
  @IsString({ message: 'password must be a string' })
  password: string;

  @OptionalIntField('level', 0, 1000, 1)
  level?: number;

  @OptionalIntField('maxDevices', 1, 1000, 1)
  maxDevices?: number;

  @ApiPropertyOptional({ nullable: true, example: '2027-01-01T00:00:00.000Z', description: 'null or absent: lifetime' })
  @OptionalOrNull()
  @IsISO8601({ strict: true }, { message: 'expiresAt must be an ISO 8601 timestamp or null' })
  @IsString({ message: 'expiresAt must be an ISO 8601 timestamp or null' })
  expiresAt?: string | null;
}

export class BanUserDto implements BanUserRequest {
  @ApiPropertyOptional({ maxLength: 500, nullable: true })
  @OptionalOrNull()
  @MaxLength(500, { message: 'reason must be at most 500 characters' })
  @IsString({ message: 'reason must be a string' })
  reason?: string | null;
}

export class ExtendUserDto implements ExtendUserRequest {
  @ApiProperty({ minimum: 1, maximum: MAX_EXTEND_DAYS, example: 30 })
  @Min(1, { message: `days must be between 1 and ${MAX_EXTEND_DAYS}` })
  @Max(MAX_EXTEND_DAYS, { message: `days must be between 1 and ${MAX_EXTEND_DAYS}` })
  @IsInt({ message: 'days must be an integer' })
  days: number;
}
