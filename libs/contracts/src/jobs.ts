// Bulk operations on an app's keys and users (issue 25): each runs as a
// background job on the worker; the admin API starts, lists and cancels them.
import { ClientLimits } from './client.js';
import { FieldMessage } from './field-messages.js';
import { LICENSE_STATUSES, LicenseLimits, type DurationType, type LicenseStatus } from './licensing.js';
import { UserLimits } from './admin-limits.js';

/** What a job does. `licenses.import` is started by an upload (`POST .../jobs/import`), the others by `POST .../jobs`. */
export const JOB_TYPES = [
  'licenses.import',
  'licenses.delete',
  'licenses.add-time',
  'users.extend',
  'users.reset-hwid',
  'users.ban',
  'users.unban',
  'keyauth.preview',
  'keyauth.commit',
] as const;
export type JobType = (typeof JOB_TYPES)[number];

/** Jobs of an import from KeyAuth, started by its upload and its commit (`.../keyauth-imports`). */
type KeyAuthJobType = Extract<JobType, `keyauth.${string}`>;

/** The types `POST .../jobs` starts (an import needs its file). */
export const FILTER_JOB_TYPES = JOB_TYPES.filter(
  (type) => type !== 'licenses.import' && !type.startsWith('keyauth.'),
) as Exclude<JobType, 'licenses.import' | KeyAuthJobType>[];
export type FilterJobType = (typeof FILTER_JOB_TYPES)[number];

export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * Which records a job goes through. Key jobs read `status`, `note` (part of
 * the note) and `createdBy` (an account id); user jobs read `search` (part of
 * the username). A field a type does not read is ignored; absent fields do not
 * narrow. Its rules, as a request's: JobFilterRequest (shapes/jobs.ts).
 */
export interface JobFilter {
  status?: LicenseStatus;
  note?: string;
  createdBy?: string;
  search?: string;
}

/** `days` for `licenses.add-time` and `users.extend`, `reason` for `users.ban`; rules: JobParamsRequest. */
export interface JobParams {
  days?: number;
  reason?: string | null;
}

// CreateJobRequest is a validated class: shapes/jobs.ts.

/**
 * A dry run of a job (`POST .../jobs/preview`, the same body as `POST
 * .../jobs`): how many records it would change if it started now, counted
 * with the job's own conditions, up to JobLimits.previewCountMax. Nothing is
 * changed or recorded.
 */
export interface JobPreview {
  type: FilterJobType;
  /** the filter and params the job would keep (the fields its type reads) */
  filter: JobFilter;
  params: JobParams;
  /** the records it would change now; JobLimits.previewCountMax when `countIsCapped` */
  count: number;
  /** true: more than JobLimits.previewCountMax records match (the count stopped there) */
  countIsCapped: boolean;
}

/** A record a job could not handle: the CSV line of an import, or the record's id. */
export interface JobError {
  line?: number;
  key?: string;
  message: string;
}

export interface Job {
  id: string;
  appId: string;
  type: JobType;
  status: JobStatus;
  filter: JobFilter;
  params: JobParams;
  /** records handled so far */
  done: number;
  /** records the job goes through, counted when it starts; null while queued */
  total: number | null;
  /** import rows skipped because the app has the key already */
  skipped: number;
  errorCount: number;
  /** the first JobLimits.errorsKept errors */
  errors: JobError[];
  /** why a failed job stopped */
  failure: string | null;
  cancelRequested: boolean;
  createdBy: { accountId: string | null; email: string };
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

export const JobLimits = {
  noteMin: 1,
  noteMax: LicenseLimits.noteMax,
  searchMin: UserLimits.searchMin,
  searchMax: UserLimits.searchMax,
  daysMin: UserLimits.extendDaysMin,
  daysMax: UserLimits.extendDaysMax,
  reasonMax: UserLimits.banReasonMax,
  /** a dry run counts the matching records up to this many, so its read stays bounded whatever the app's size */
  previewCountMax: 1_000_000,
  /** errors a job keeps with their line; the rest are counted */
  errorsKept: 100,
  /** an import's CSV file */
  importMaxBytes: 64 * 1024 * 1024,
  importMaxRows: 1_000_000,
  /** a key in an import: any key another service made, as long as a client could send it */
  importKeyPattern: /^[A-Za-z0-9-]{1,64}$/,
} as const;

/** An import's CSV columns; `key` and `duration` are required, `level` defaults to 1, `note` to none. */
export const IMPORT_COLUMNS = ['key', 'level', 'duration', 'note'] as const;

export const JobMessage = {
  type: FieldMessage.oneOf('type', FILTER_JOB_TYPES),
  status: FieldMessage.oneOf('filter.status', LICENSE_STATUSES),
  days: FieldMessage.between('params.days', JobLimits.daysMin, JobLimits.daysMax),
  daysRequired: 'params.days is required for this job type',
  importKey: `key must be 1-${ClientLimits.licenseKeyMax} characters of A-Z, a-z, 0-9 and -`,
  importLevel: FieldMessage.between('level', LicenseLimits.levelMin, LicenseLimits.levelMax),
  importDuration: (durations: readonly DurationType[]) => FieldMessage.oneOf('duration', durations),
  importNote: FieldMessage.atMost('note', LicenseLimits.noteMax),
  importText: (column: string) => `${column} holds a NUL character or bytes that are not UTF-8`,
  importHeader: `The first line must name the columns: key and duration, optionally level and note`,
  importTooManyRows: `An import holds at most ${JobLimits.importMaxRows} rows`,
  importNoFile: 'file is required',
} as const;
