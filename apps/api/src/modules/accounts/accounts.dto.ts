import type { AdminLoginRequest, SignupRequest } from '@latchkey/contracts';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import type { ChangePasswordRequest, CreatePersonalAccessTokenRequest } from '@latchkey/contracts';
import { IsEmail, IsString, Length, MaxLength } from 'class-validator';
import { OptionalIntField } from '../../common/int-field.js';

const trimLower = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value);

export class SignupDto implements SignupRequest {
  @ApiProperty({ example: 'owner@example.com' })
  @Transform(trimLower)
  @MaxLength(254, { message: 'email must be at most 254 characters' })
  @IsEmail({}, { message: 'email must be a valid email address' })
  @IsString({ message: 'email must be a string' })
  email: string;

  @ApiProperty({ minLength: 8, maxLength: 128 })
  @Length(8, 128, { message: 'password must be 8-128 characters' })
  @IsString({ message: 'password must be a string' })
  password: string;
}

export class LoginDto implements AdminLoginRequest {
  @ApiProperty({ example: 'owner@example.com' })
  @Transform(trimLower)
  @Length(1, 254, { message: 'email must be 1-254 characters' })
  @IsString({ message: 'email must be a string' })
  email: string;

  @ApiProperty()
  @Length(1, 128, { message: 'password must be 1-128 characters' })
  @IsString({ message: 'password must be a string' })
  password: string;
}

export class CreateTokenDto implements CreatePersonalAccessTokenRequest {
  @ApiProperty({ example: 'CI deploys', maxLength: 64 })
  @Length(1, 64, { message: 'name must be 1-64 characters' })
  @IsString({ message: 'name must be a string' })
  name: string;

  /** absent: the token lives until revoked */
  @OptionalIntField('expiresInDays', 1, 3650)
  expiresInDays?: number;
}

export class ChangePasswordDto implements ChangePasswordRequest {
  @ApiProperty()
  @Length(1, 128, { message: 'currentPassword must be 1-128 characters' })
  @IsString({ message: 'currentPassword must be a string' })
  currentPassword: string;

  @ApiProperty({ minLength: 8, maxLength: 128 })
  @Length(8, 128, { message: 'newPassword must be 8-128 characters' })
  @IsString({ message: 'newPassword must be a string' })
  newPassword: string;
}
