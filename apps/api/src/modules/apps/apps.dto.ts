import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsOptional, IsString, IsUrl, Length, Max, Min, ValidateIf } from 'class-validator';

const URL_OPTIONS = { protocols: ['http', 'https'], require_protocol: true, require_tld: false };

export class CreateAppDto {
  @ApiProperty({ minLength: 1, maxLength: 64, example: 'My Game' })
  @Length(1, 64, { message: 'name must be 1-64 characters' })
  @IsString({ message: 'name must be a string' })
  name: string;

  @ApiPropertyOptional({ default: '1.0.0', maxLength: 32 })
  @IsOptional()
  @Length(1, 32, { message: 'version must be 1-32 characters' })
  @IsString({ message: 'version must be a string' })
  version?: string;

  @ApiPropertyOptional({ nullable: true, example: 'https://example.com/download' })
  @ValidateIf((_, v) => v !== null && v !== undefined)
  @Length(1, 2048, { message: 'updateUrl must be at most 2048 characters' })
  @IsUrl(URL_OPTIONS, { message: 'updateUrl must be an http or https URL' })
  @IsString({ message: 'updateUrl must be a string' })
  updateUrl?: string | null;
}

export class UpdateAppDto extends PartialType(CreateAppDto) {
  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'enabled must be a boolean' })
  enabled?: boolean;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'hwidLock must be a boolean' })
  hwidLock?: boolean;

  @ApiPropertyOptional({ minimum: 60, maximum: 31536000 })
  @IsOptional()
  @Min(60, { message: 'sessionTtlSeconds must be between 60 and 31536000' })
  @Max(31_536_000, { message: 'sessionTtlSeconds must be between 60 and 31536000' })
  @IsInt({ message: 'sessionTtlSeconds must be an integer' })
  sessionTtlSeconds?: number;

  @ApiPropertyOptional({ minimum: 60, maximum: 31536000 })
  @IsOptional()
  @Min(60, { message: 'sessionIdleSeconds must be between 60 and 31536000' })
  @Max(31_536_000, { message: 'sessionIdleSeconds must be between 60 and 31536000' })
  @IsInt({ message: 'sessionIdleSeconds must be an integer' })
  sessionIdleSeconds?: number;

  @ApiPropertyOptional({ minimum: 0, maximum: 100000, description: '0 turns the limit off' })
  @IsOptional()
  @Min(0, { message: 'rateLimitPerMinute must be between 0 and 100000' })
  @Max(100_000, { message: 'rateLimitPerMinute must be between 0 and 100000' })
  @IsInt({ message: 'rateLimitPerMinute must be an integer' })
  rateLimitPerMinute?: number;
}
