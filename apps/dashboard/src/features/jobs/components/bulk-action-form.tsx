import {
  CreateJobRequest,
  type FilterJobType,
  type Job,
  JobFilterRequest,
  JobLimits,
  JobParamsRequest,
  type JobPreview,
  LICENSE_STATUSES,
  type LicenseStatus,
} from '@latchkey/contracts';
import { useEffect, useState } from 'react';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormError } from '@/components/ui/error-alert';
import { SelectField, TextField } from '@/components/ui/form-fields';
import { IntegerField } from '@/components/ui/integer-field';
import { useApiForm } from '@/lib/api-form';
import { formatBytes } from '@/lib/format';
import { shapeResolver } from '@/lib/shape-resolver';
import { usePreviewJob, useStartJob } from '../api/jobs';
import { confirmQuestion, FORM_JOB_TYPES, type FormJobType, JOB_LABELS, nothingToChange } from '../job-words';

/** The form's values: `filter` and `params` as the request names them, so the API's refusals land on their field. */
interface BulkActionValues {
  type: FormJobType;
  filter: { status: LicenseStatus | ''; note: string; search: string };
  params: { days: number; reason: string };
  file: FileList | null;
}

const DEFAULTS: BulkActionValues = {
  type: FORM_JOB_TYPES[0],
  // A deletion opens on the expired keys, which serve no one; every key at once is a choice made on purpose.
  filter: { status: 'EXPIRED', note: '', search: '' },
  params: { days: 30, reason: '' },
  file: null,
};

const OPERATIONS = FORM_JOB_TYPES.map((value) => ({ value, label: JOB_LABELS[value] }));

const STATUS_OPTIONS = [
  ...LICENSE_STATUSES.map((status) => ({ value: status, label: status.toLowerCase() })),
  { value: '', label: 'Any status (every key)' },
];

/** The fields of the form a type reads; the others are neither shown nor sent. */
function fieldsOf(type: FormJobType) {
  return {
    status: type === 'licenses.delete',
    note: type === 'licenses.delete' || type === 'licenses.add-time',
    search: type.startsWith('users.'),
    days: type === 'licenses.add-time' || type === 'users.extend',
    reason: type === 'users.ban',
  };
}

/**
 * The request the form sends for a job: the fields its type reads, an empty
 * one left out. `filter` and `params` are the shape's classes, so their rules
 * run in the browser as in the API's pipe.
 */
function jobBody({ type, filter, params }: BulkActionValues): CreateJobRequest {
  const reads = fieldsOf(type);
  return Object.assign(new CreateJobRequest(), {
    type: type as FilterJobType,
    filter: Object.assign(new JobFilterRequest(), {
      ...(reads.status && filter.status ? { status: filter.status } : {}),
      ...(reads.note && filter.note ? { note: filter.note } : {}),
      ...(reads.search && filter.search ? { search: filter.search } : {}),
    }),
    params: Object.assign(new JobParamsRequest(), {
      ...(reads.days ? { days: params.days } : {}),
      ...(reads.reason && params.reason ? { reason: params.reason } : {}),
    }),
  });
}

const jobRules = shapeResolver<BulkActionValues>(CreateJobRequest, {}, jobBody);

/** A job is checked with the request's shape; an import (a file, not a body) only needs its file. */
const bulkActionRules: Resolver<BulkActionValues> = (values, context, options) => {
  if (values.type !== 'licenses.import') return jobRules(values, context, options);
  if ((values.file?.length ?? 0) > 0) return { values, errors: {} };
  const errors = { file: { type: 'required', message: 'Choose a CSV file' } } as FieldErrors<BulkActionValues>;
  return { values: {}, errors };
};

/** What the confirmation asks about: a job with the dry run's count, or a file to import. */
type Confirming = { kind: 'job'; body: CreateJobRequest; preview: JobPreview } | { kind: 'import'; file: File };

const DANGEROUS: ReadonlySet<FormJobType> = new Set(['licenses.delete', 'users.ban', 'users.reset-hwid']);

/**
 * Starts one bulk operation. Submitting counts what the job would change (the
 * API's dry run) and asks with that number; nothing matching is said instead
 * and nothing starts. `onStarted` gets the job to follow.
 */
export function BulkActionForm({ appId, onStarted }: { appId: string; onStarted: (job: Job) => void }) {
  const previewJob = usePreviewJob(appId);
  const start = useStartJob(appId);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [nothing, setNothing] = useState<string | null>(null);
  const { form, onSubmit, errors, isSubmitting, rootError } = useApiForm<BulkActionValues>(
    { resolver: bulkActionRules, defaultValues: DEFAULTS },
    async (values) => {
      setNothing(null);
      if (values.type === 'licenses.import') {
        setConfirming({ kind: 'import', file: values.file![0]! });
        return;
      }
      const body = jobBody(values);
      const preview = await previewJob.mutateAsync(body);
      if (preview.count === 0) setNothing(nothingToChange(preview.type));
      else setConfirming({ kind: 'job', body, preview });
    },
  );
  // A count belongs to the values it was made for.
  useEffect(() => {
    const subscription = form.watch(() => setNothing(null));
    return () => subscription.unsubscribe();
  }, [form]);
  const type = form.watch('type');
  const reads = fieldsOf(type);

  return (
    <form className="stack card" onSubmit={onSubmit} noValidate aria-label="Start a bulk action">
      <SelectField
        label="Operation"
        options={OPERATIONS}
        hint="You see how many records it changes before it starts."
        {...form.register('type')}
      />
      {type === 'licenses.import' ? (
        <TextField
          label="CSV file"
          type="file"
          accept=".csv,text/csv"
          hint="Columns key, level, duration, note; the first line names them. Keys the app has are skipped."
          error={errors.file?.message}
          {...form.register('file')}
        />
      ) : null}
      {reads.status ? (
        <SelectField
          label="Status"
          options={STATUS_OPTIONS}
          error={errors.filter?.status?.message}
          {...form.register('filter.status')}
        />
      ) : null}
      {reads.note ? (
        <TextField
          label="Note contains"
          maxLength={JobLimits.noteMax}
          error={errors.filter?.note?.message}
          {...form.register('filter.note')}
        />
      ) : null}
      {reads.search ? (
        <TextField
          label="Username contains"
          hint="Empty: every user"
          maxLength={JobLimits.searchMax}
          error={errors.filter?.search?.message}
          {...form.register('filter.search')}
        />
      ) : null}
      {reads.days ? (
        <IntegerField form={form} name="params.days" label="Days" min={JobLimits.daysMin} max={JobLimits.daysMax} />
      ) : null}
      {reads.reason ? (
        <TextField
          label="Reason"
          maxLength={JobLimits.reasonMax}
          error={errors.params?.reason?.message}
          {...form.register('params.reason')}
        />
      ) : null}
      <div>
        <button type="submit" className="button button-primary" disabled={isSubmitting}>
          {isSubmitting ? 'Counting…' : 'Start…'}
        </button>
      </div>
      {nothing ? (
        <p className="alert alert-info" role="status">
          {nothing}
        </p>
      ) : null}
      <FormError message={rootError} />
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={confirming ? confirmTitle(confirming) : ''}
        description={confirming ? confirmDescription(confirming) : ''}
        confirmLabel="Start"
        destructive={confirming?.kind === 'job' && DANGEROUS.has(confirming.preview.type)}
        onConfirm={async () => {
          if (!confirming) return;
          const input =
            confirming.kind === 'job' ? confirming.body : { type: 'licenses.import' as const, file: confirming.file };
          onStarted(await start.mutateAsync(input));
        }}
      />
    </form>
  );
}

function confirmTitle(confirming: Confirming): string {
  return confirming.kind === 'job'
    ? confirmQuestion(confirming.preview)
    : `Import the keys in ${confirming.file.name}?`;
}

function confirmDescription(confirming: Confirming): string {
  const after = 'It runs in the background; you can follow and cancel it below.';
  if (confirming.kind === 'import') {
    return `${formatBytes(confirming.file.size)}. Each row is checked and keys the app has are skipped. ${after}`;
  }
  return `Counted just now; the job changes what matches when it runs. ${after}`;
}
