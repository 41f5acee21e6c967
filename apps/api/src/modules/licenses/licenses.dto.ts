import type {
  BanLicenseRequest,
  ExportLicensesQuery as ExportLicensesContract,
  GenerateLicensesRequest,
  ListLicensesQuery as ListLicensesContract,
  UpdateLicenseRequest,
} from '@latchkey/contracts';
import {
  DURATION_TYPES,
  FieldMessage,
  LICENSE_STATUSES,
  LicenseLimits,
  PREFIX_MESSAGE,
  type DurationType,
  type LicenseStatus,
} from '@latchkey/contracts';
import { LevelField, MaxDevicesField, OptionalIntField } from '../../common/int-field.js';
import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, IsUUID, Length, Matches, MaxLength } from 'class-validator';
import { Optional, OptionalOrNull } from '../../common/input/optional-field.js';
import { PageQuery } from '../../common/admin-response.js';

export class GenerateLicensesDto implements GenerateLicensesRequest {
  @OptionalIntField('count', LicenseLimits.countMin, LicenseLimits.countMax, LicenseLimits.countDefault)
  count?: number;

  @ApiProperty({ enum: DURATION_TYPES })
  @IsIn(DURATION_TYPES, { message: FieldMessage.oneOf('durationType', DURATION_TYPES) })
  durationType: DurationType;

  @LevelField(LicenseLimits.levelDefault)
  level?: number;

  @MaxDevicesField(LicenseLimits.maxDevicesDefault)
  maxDevices?: number;

  @ApiPropertyOptional({ pattern: LicenseLimits.prefixPattern.source })
  @Optional()
  @Matches(LicenseLimits.prefixPattern, { message: PREFIX_MESSAGE })
  @IsString({ message: FieldMessage.string('prefix') })
  prefix?: string;

  @ApiPropertyOptional({ maxLength: LicenseLimits.noteMax })
  @OptionalOrNull()
  @MaxLength(LicenseLimits.noteMax, { message: FieldMessage.atMost('note', LicenseLimits.noteMax) })
  @IsString({ message: FieldMessage.string('note') })
  note?: string | null;
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

export class UpdateLicenseDto implements UpdateLicenseRequest {
  @ApiPropertyOptional({ maxLength: LicenseLimits.noteMax, nullable: true })
  @OptionalOrNull()
  @MaxLength(LicenseLimits.noteMax, { message: FieldMessage.atMost('note', LicenseLimits.noteMax) })
  @IsString({ message: FieldMessage.string('note') })
  note?: string | null;

  @LevelField()
  level?: number;

  @MaxDevicesField()
  maxDevices?: number;
}

export class BanLicenseDto implements BanLicenseRequest {
  @ApiPropertyOptional({ maxLength: LicenseLimits.banReasonMax })
  @OptionalOrNull()
  @MaxLength(LicenseLimits.banReasonMax, { message: FieldMessage.atMost('reason', LicenseLimits.banReasonMax) })
  @IsString({ message: FieldMessage.string('reason') })
  reason?: string | null;
}
