import type {
  ExportLicensesQuery as ExportLicensesContract,
  ListLicensesQuery as ListLicensesContract,
} from '@latchkey/contracts';
import {
  BanLicenseRequest,
  DURATION_TYPES,
  FieldMessage,
  GenerateLicensesRequest,
  LICENSE_STATUSES,
  LicenseLimits,
  UpdateLicenseRequest,
  type DurationType,
  type LicenseStatus,
} from '@latchkey/contracts';
import { ApiLevel, ApiMaxDevices, ApiOptionalInt } from '../../common/int-field.js';
import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, IsUUID, Length } from 'class-validator';
import { Optional } from '../../common/input/optional-field.js';
import { PageQuery } from '../../common/admin-response.js';

// The bodies' rules are the contracts' request shapes' (libs/contracts/src/shapes/licenses.ts); their DTOs add
// OpenAPI only. The list and export queries keep their rules here until the paging query they share moves too.

export class GenerateLicensesDto extends GenerateLicensesRequest {
  @ApiOptionalInt(LicenseLimits.countMin, LicenseLimits.countMax, LicenseLimits.countDefault)
  declare count?: number;

  @ApiProperty({ enum: DURATION_TYPES })
  declare durationType: DurationType;

  @ApiLevel(LicenseLimits.levelDefault)
  declare level?: number;

  @ApiMaxDevices(LicenseLimits.maxDevicesDefault)
  declare maxDevices?: number;

  @ApiPropertyOptional({ pattern: LicenseLimits.prefixPattern.source })
  declare prefix?: string;

  @ApiPropertyOptional({ maxLength: LicenseLimits.noteMax })
  declare note?: string | null;
}

/** `status`: the lists' and the export's filter by status. */
const StatusFilter = () =>
  applyDecorators(
    ApiPropertyOptional({ enum: LICENSE_STATUSES }),
    Optional(),
    IsIn(LICENSE_STATUSES, { message: FieldMessage.oneOf('status', LICENSE_STATUSES) }),
  );

/** `createdBy`: the owner's filter by creator; a reseller sees only its own keys anyway. */
const CreatedByFilter = () =>
  applyDecorators(
    ApiPropertyOptional({
      format: 'uuid',
      description: 'Account id of the creator (the owner or one of its resellers)',
    }),
    Optional(),
    IsUUID('all', { message: FieldMessage.accountId('createdBy') }),
  );

export class ListLicensesQuery extends PageQuery implements ListLicensesContract {
  @StatusFilter()
  status?: LicenseStatus;

  @CreatedByFilter()
  createdBy?: string;

  @ApiPropertyOptional({ description: 'Part of the key or the note' })
  @Optional()
  @Length(LicenseLimits.searchMin, LicenseLimits.searchMax, {
    message: FieldMessage.length('search', LicenseLimits.searchMin, LicenseLimits.searchMax),
  })
  @IsString({ message: FieldMessage.string('search') })
  search?: string;
}

export class ExportLicensesQuery implements ExportLicensesContract {
  @StatusFilter()
  status?: LicenseStatus;

  @CreatedByFilter()
  createdBy?: string;
}

export class UpdateLicenseDto extends UpdateLicenseRequest {
  @ApiPropertyOptional({ maxLength: LicenseLimits.noteMax, nullable: true })
  declare note?: string | null;

  @ApiLevel()
  declare level?: number;

  @ApiMaxDevices()
  declare maxDevices?: number;
}

export class BanLicenseDto extends BanLicenseRequest {
  @ApiPropertyOptional({ maxLength: LicenseLimits.banReasonMax })
  declare reason?: string | null;
}
