import {
  CreateJobRequest,
  FILTER_JOB_TYPES,
  type FilterJobType,
  JobFilterRequest,
  JobLimits,
  JobParamsRequest,
  LICENSE_STATUSES,
  type LicenseStatus,
} from '@latchkey/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ApiOptionalInt } from '../../common/int-field.js';

// The rules are the contracts' request shapes' (libs/contracts/src/shapes/jobs.ts); these add OpenAPI only, and
// the nested classes class-transformer makes of `filter` and `params` so that their rules run.

export class JobFilterDto extends JobFilterRequest {
  @ApiPropertyOptional({ enum: LICENSE_STATUSES, description: 'key jobs: the keys of this status' })
  declare status?: LicenseStatus;

  @ApiPropertyOptional({ description: 'key jobs: part of the note, any case' })
  declare note?: string;

  @ApiPropertyOptional({ description: 'key jobs: the keys this account made' })
  declare createdBy?: string;

  @ApiPropertyOptional({ description: 'user jobs: part of the username, any case' })
  declare search?: string;
}

export class JobParamsDto extends JobParamsRequest {
  @ApiOptionalInt(JobLimits.daysMin, JobLimits.daysMax)
  declare days?: number;

  @ApiPropertyOptional({ maxLength: JobLimits.reasonMax, nullable: true, description: 'users.ban: the ban reason' })
  declare reason?: string | null;
}

export class CreateJobDto extends CreateJobRequest {
  @ApiProperty({ enum: FILTER_JOB_TYPES })
  declare type: FilterJobType;

  @ApiPropertyOptional({ type: JobFilterDto })
  @Type(() => JobFilterDto)
  declare filter?: JobFilterDto;

  @ApiPropertyOptional({ type: JobParamsDto })
  @Type(() => JobParamsDto)
  declare params?: JobParamsDto;
}
