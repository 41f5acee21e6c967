import { DURATION_TYPES, LICENSE_STATUSES, type DurationType, type LicenseStatus } from '@latchkey/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, Length, Matches, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { PageQuery } from '../../common/admin-response.js';

export class GenerateLicensesDto {
  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 1 })
  @IsOptional()
  @Min(1, { message: 'count must be between 1 and 100' })
  @Max(100, { message: 'count must be between 1 and 100' })
  @IsInt({ message: 'count must be an integer' })
  count?: number;

  @ApiProperty({ enum: DURATION_TYPES })
  @IsIn(DURATION_TYPES, { message: `durationType must be one of ${DURATION_TYPES.join(', ')}` })
  durationType: DurationType;

  @ApiPropertyOptional({ minimum: 0, maximum: 1000, default: 1 })
  @IsOptional()
  @Min(0, { message: 'level must be between 0 and 1000' })
  @Max(1000, { message: 'level must be between 0 and 1000' })
  @IsInt({ message: 'level must be an integer' })
  level?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 1000, default: 1 })
  @IsOptional()
  @Min(1, { message: 'maxDevices must be between 1 and 1000' })
  @Max(1000, { message: 'maxDevices must be between 1 and 1000' })
  @IsInt({ message: 'maxDevices must be an integer' })
  maxDevices?: number;

  @ApiPropertyOptional({ pattern: '^[A-Za-z0-9]{1,16}$' })
  @IsOptional()
  @Matches(/^[A-Za-z0-9]{1,16}$/, { message: 'prefix must be 1-16 characters of A-Z, a-z, 0-9' })
  @IsString({ message: 'prefix must be a string' })
  prefix?: string;

  @ApiPropertyOptional({ maxLength: 500 })
  @IsOptional()
  @MaxLength(500, { message: 'note must be at most 500 characters' })
  @IsString({ message: 'note must be a string' })
  note?: string;
}

export class ListLicensesQuery extends PageQuery {
  @ApiPropertyOptional({ enum: LICENSE_STATUSES })
  @IsOptional()
  @IsIn(LICENSE_STATUSES, { message: `status must be one of ${LICENSE_STATUSES.join(', ')}` })
  status?: LicenseStatus;

  @ApiPropertyOptional({ description: 'Part of the key or the note' })
  @IsOptional()
  @Length(1, 100, { message: 'search must be 1-100 characters' })
  @IsString({ message: 'search must be a string' })
  search?: string;
}

export class ExportLicensesQuery {
  @ApiPropertyOptional({ enum: LICENSE_STATUSES })
  @IsOptional()
  @IsIn(LICENSE_STATUSES, { message: `status must be one of ${LICENSE_STATUSES.join(', ')}` })
  status?: LicenseStatus;
}

export class UpdateLicenseDto {
  @ApiPropertyOptional({ maxLength: 500, nullable: true })
  @ValidateIf((_, v) => v !== null && v !== undefined)
  @MaxLength(500, { message: 'note must be at most 500 characters' })
  @IsString({ message: 'note must be a string' })
  note?: string | null;

  @ApiPropertyOptional({ minimum: 0, maximum: 1000 })
  @IsOptional()
  @Min(0, { message: 'level must be between 0 and 1000' })
  @Max(1000, { message: 'level must be between 0 and 1000' })
  @IsInt({ message: 'level must be an integer' })
  level?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 1000 })
  @IsOptional()
  @Min(1, { message: 'maxDevices must be between 1 and 1000' })
  @Max(1000, { message: 'maxDevices must be between 1 and 1000' })
  @IsInt({ message: 'maxDevices must be an integer' })
  maxDevices?: number;
}

export class BanLicenseDto {
  @ApiPropertyOptional({ maxLength: 500 })
  @IsOptional()
  @MaxLength(500, { message: 'reason must be at most 500 characters' })
  @IsString({ message: 'reason must be a string' })
  reason?: string;
}
