import type {
  BanLicenseRequest,
  ExportLicensesQuery as ExportLicensesContract,
  GenerateLicensesRequest,
  ListLicensesQuery as ListLicensesContract,
  UpdateLicenseRequest,
} from '@latchkey/contracts';
import { DURATION_TYPES, LICENSE_STATUSES, type DurationType, type LicenseStatus } from '@latchkey/contracts';
import { OptionalIntField } from '../../common/int-field.js';
import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, IsUUID, Length, Matches, MaxLength } from 'class-validator';
import { Optional, OptionalOrNull } from '../../common/input/optional-field.js';
import { PageQuery } from '../../common/admin-response.js';

export class GenerateLicensesDto implements GenerateLicensesRequest {
  @OptionalIntField('count', 1, 100, 1)
  count?: number;

  @ApiProperty({ enum: DURATION_TYPES })
  @IsIn(DURATION_TYPES, { message: `durationType must be one of ${DURATION_TYPES.join(', ')}` })
  durationType: DurationType;

  @OptionalIntField('level', 0, 1000, 1)
  level?: number;

  @OptionalIntField('maxDevices', 1, 1000, 1)
  maxDevices?: number;

  @ApiPropertyOptional({ pattern: '^[A-Za-z0-9]{1,16}$' })
  @Optional()
  @Matches(/^[A-Za-z0-9]{1,16}$/, { message: 'prefix must be 1-16 characters of A-Z, a-z, 0-9' })
  @IsString({ message: 'prefix must be a string' })
  prefix?: string;

  @ApiPropertyOptional({ maxLength: 500 })
  @OptionalOrNull()
  @MaxLength(500, { message: 'note must be at most 500 characters' })
  @IsString({ message: 'note must be a string' })
  note?: string | null;
}

/** `createdBy`: the owner's filter by creator; a reseller sees only its own keys anyway. */
const CreatedByFilter = () =>
  applyDecorators(
    ApiPropertyOptional({
      format: 'uuid',
      description: 'Account id of the creator (the owner or one of its resellers)',
    }),
    Optional(),
    IsUUID('all', { message: 'createdBy must be an account id' }),
  );

export class ListLicensesQuery extends PageQuery implements ListLicensesContract {
  @ApiPropertyOptional({ enum: LICENSE_STATUSES })
  @Optional()
  @IsIn(LICENSE_STATUSES, { message: `status must be one of ${LICENSE_STATUSES.join(', ')}` })
  status?: LicenseStatus;

  @CreatedByFilter()
  createdBy?: string;

  @ApiPropertyOptional({ description: 'Part of the key or the note' })
  @Optional()
  @Length(1, 100, { message: 'search must be 1-100 characters' })
  @IsString({ message: 'search must be a string' })
  search?: string;
}

export class ExportLicensesQuery implements ExportLicensesContract {
  @ApiPropertyOptional({ enum: LICENSE_STATUSES })
  @Optional()
  @IsIn(LICENSE_STATUSES, { message: `status must be one of ${LICENSE_STATUSES.join(', ')}` })
  status?: LicenseStatus;

  @CreatedByFilter()
  createdBy?: string;
}

export class UpdateLicenseDto implements UpdateLicenseRequest {
  @ApiPropertyOptional({ maxLength: 500, nullable: true })
  @OptionalOrNull()
  @MaxLength(500, { message: 'note must be at most 500 characters' })
  @IsString({ message: 'note must be a string' })
  note?: string | null;

  @OptionalIntField('level', 0, 1000)
  level?: number;

  @OptionalIntField('maxDevices', 1, 1000)
  maxDevices?: number;
}

export class BanLicenseDto implements BanLicenseRequest {
  @ApiPropertyOptional({ maxLength: 500 })
  @OptionalOrNull()
  @MaxLength(500, { message: 'reason must be at most 500 characters' })
  @IsString({ message: 'reason must be a string' })
  reason?: string | null;
}
