import { IsIn, IsObject, IsString, IsUUID, Length, MaxLength, ValidateNested } from 'class-validator';
import { FieldMessage } from '../field-messages.js';
import {
  FILTER_JOB_TYPES,
  JobLimits,
  JobMessage,
  type FilterJobType,
  type JobFilter,
  type JobParams,
} from '../jobs.js';
import { LICENSE_STATUSES, type LicenseStatus } from '../licensing.js';
import { Optional, OptionalInt, OptionalOrNull } from './fields.js';

/*
 * Request shape of a bulk job (`POST .../jobs`): the one declaration of its
 * rules. The API's DTOs (apps/api/src/modules/jobs/jobs.dto.ts) extend these
 * with OpenAPI only, and with the nested classes' types for class-transformer,
 * which contracts does not depend on. A job's filter and params as stored and
 * answered keep their interfaces (jobs.ts), which these classes implement.
 */

const { noteMin, noteMax, searchMin, searchMax, daysMin, daysMax, reasonMax } = JobLimits;

/** The `filter` of a job request (JobFilter says what each field selects). */
export class JobFilterRequest implements JobFilter {
  @Optional()
  @IsIn(LICENSE_STATUSES, { message: JobMessage.status })
  status?: LicenseStatus;

  @Optional()
  @IsString({ message: FieldMessage.string('filter.note') })
  @Length(noteMin, noteMax, { message: FieldMessage.length('filter.note', noteMin, noteMax) })
  note?: string;

  @Optional()
  @IsUUID('all', { message: FieldMessage.accountId('filter.createdBy') })
  createdBy?: string;

  @Optional()
  @IsString({ message: FieldMessage.string('filter.search') })
  @Length(searchMin, searchMax, { message: FieldMessage.length('filter.search', searchMin, searchMax) })
  search?: string;
}

/** The `params` of a job request: `days` for `licenses.add-time` and `users.extend`, `reason` for `users.ban`. */
export class JobParamsRequest implements JobParams {
  @OptionalInt('params.days', daysMin, daysMax)
  days?: number;

  @OptionalOrNull()
  @IsString({ message: FieldMessage.string('params.reason') })
  @MaxLength(reasonMax, { message: FieldMessage.atMost('params.reason', reasonMax) })
  reason?: string | null;
}

/** `POST .../jobs`. `filter` and `params` are validated as their classes once transformed into them (the API's DTO). */
export class CreateJobRequest {
  @IsIn(FILTER_JOB_TYPES, { message: JobMessage.type })
  type!: FilterJobType;

  @Optional()
  @IsObject({ message: 'filter must be an object' })
  @ValidateNested()
  filter?: JobFilterRequest;

  @Optional()
  @IsObject({ message: 'params must be an object' })
  @ValidateNested()
  params?: JobParamsRequest;
}
