import {
  type CreateJobRequest,
  FieldMessage,
  FILTER_JOB_TYPES,
  type FilterJobType,
  type JobFilter,
  JobLimits,
  JobMessage,
  type JobParams,
  LICENSE_STATUSES,
  type LicenseStatus,
} from '@latchkey/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsObject, IsString, IsUUID, Length, MaxLength, ValidateNested } from 'class-validator';
import { OptionalIntField } from '../../common/int-field.js';
import { Optional, OptionalOrNull } from '../../common/input/optional-field.js';

export class JobFilterDto implements JobFilter {
  @ApiPropertyOptional({ enum: LICENSE_STATUSES, description: 'key jobs: the keys of this status' })
  @Optional()
  @IsIn(LICENSE_STATUSES, { message: JobMessage.status })
  status?: LicenseStatus;

  @ApiPropertyOptional({ description: 'key jobs: part of the note, any case' })
  @Optional()
  @IsString({ message: FieldMessage.string('filter.note') })
  @Length(JobLimits.noteMin, JobLimits.noteMax, {
    message: FieldMessage.length('filter.note', JobLimits.noteMin, JobLimits.noteMax),
  })
  note?: string;

  @ApiPropertyOptional({ description: 'key jobs: the keys this account made' })
  @Optional()
  @IsUUID('all', { message: 'filter.createdBy must be an account id' })
  createdBy?: string;

  @ApiPropertyOptional({ description: 'user jobs: part of the username, any case' })
  @Optional()
  @IsString({ message: FieldMessage.string('filter.search') })
  @Length(JobLimits.searchMin, JobLimits.searchMax, {
    message: FieldMessage.length('filter.search', JobLimits.searchMin, JobLimits.searchMax),
  })
  search?: string;
}

export class JobParamsDto implements JobParams {
  @OptionalIntField('params.days', JobLimits.daysMin, JobLimits.daysMax)
  days?: number;

  @ApiPropertyOptional({ maxLength: JobLimits.reasonMax, nullable: true, description: 'users.ban: the ban reason' })
  @OptionalOrNull()
  @IsString({ message: FieldMessage.string('params.reason') })
  @MaxLength(JobLimits.reasonMax, { message: FieldMessage.atMost('params.reason', JobLimits.reasonMax) })
  reason?: string | null;
}

export class CreateJobDto implements CreateJobRequest {
  @ApiProperty({ enum: FILTER_JOB_TYPES })
  @IsIn(FILTER_JOB_TYPES, { message: JobMessage.type })
  type: FilterJobType;

  @ApiPropertyOptional({ type: JobFilterDto })
  @Optional()
  @IsObject({ message: 'filter must be an object' })
  @ValidateNested()
  @Type(() => JobFilterDto)
  filter?: JobFilterDto;

  @ApiPropertyOptional({ type: JobParamsDto })
  @Optional()
  @IsObject({ message: 'params must be an object' })
  @ValidateNested()
  @Type(() => JobParamsDto)
  params?: JobParamsDto;
}
