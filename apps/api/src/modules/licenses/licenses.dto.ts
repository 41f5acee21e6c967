import {
  BanLicenseRequest,
  DURATION_TYPES,
  ExportLicensesQuery as ExportLicensesShape,
  GenerateLicensesRequest,
  LICENSE_STATUSES,
  LicenseLimits,
  ListLicensesQuery as ListLicensesShape,
  UpdateLicenseRequest,
  type DurationType,
  type LicenseStatus,
  customerEmailKey,
  PortalLimits,
} from '@latchkey/contracts';
import { Transform } from 'class-transformer';
import { ApiLevel, ApiMaxDevices, ApiOptionalInt } from '../../common/int-field.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiLimit, ApiPage } from '../../common/admin-response.js';

// The rules are the contracts' request shapes' (libs/contracts/src/shapes/licenses.ts); these add OpenAPI only.

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

const STATUS_FILTER = { enum: LICENSE_STATUSES };
const CREATED_BY_FILTER = {
  format: 'uuid',
  description: 'Account id of the creator (the owner or one of its resellers)',
};

export class ListLicensesQuery extends ListLicensesShape {
  @ApiPage()
  declare page: number;

  @ApiLimit()
  declare limit: number;

  @ApiPropertyOptional(STATUS_FILTER)
  declare status?: LicenseStatus;

  @ApiPropertyOptional(CREATED_BY_FILTER)
  declare createdBy?: string;

  @ApiPropertyOptional({ description: 'Part of the key or the note' })
  declare search?: string;
}

export class ExportLicensesQuery extends ExportLicensesShape {
  @ApiPropertyOptional(STATUS_FILTER)
  declare status?: LicenseStatus;

  @ApiPropertyOptional(CREATED_BY_FILTER)
  declare createdBy?: string;
}

export class UpdateLicenseDto extends UpdateLicenseRequest {
  @ApiPropertyOptional({ maxLength: LicenseLimits.noteMax, nullable: true })
  declare note?: string | null;

  @ApiLevel()
  declare level?: number;

  @ApiMaxDevices()
  declare maxDevices?: number;

  @ApiPropertyOptional({
    maxLength: PortalLimits.customerEmailMax,
    nullable: true,
    description: "the customer's email: the portal's sign-in by email",
  })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? customerEmailKey(value) : value))
  declare customerEmail?: string | null;
}

export class BanLicenseDto extends BanLicenseRequest {
  @ApiPropertyOptional({ maxLength: LicenseLimits.banReasonMax })
  declare reason?: string | null;

  @ApiPropertyOptional({
    maxLength: PortalLimits.publicReasonMax,
    nullable: true,
    description: 'shown to the customer in the portal',
  })
  declare publicReason?: string | null;
}
