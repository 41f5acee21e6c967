import {
  type CreateJobRequest,
  FILTER_JOB_TYPES,
  type Job,
  type JobType,
  JobLimits,
  LICENSE_STATUSES,
  type LicenseStatus,
} from '@latchkey/contracts';
import { useState, type FormEvent } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SelectField, TextField } from '@/components/ui/form-fields';
import { useStartJob } from '../api/jobs';

/** Each operation in the owner's words, and what confirming it does. */
export const JOB_LABELS: Record<JobType, string> = {
  'licenses.import': 'Import keys from CSV',
  'licenses.delete': 'Delete keys',
  'licenses.add-time': 'Add time to unused keys',
  'users.extend': 'Extend active users',
  'users.reset-hwid': 'Reset every HWID',
  'users.ban': 'Ban users',
  'users.unban': 'Unban users',
  'keyauth.preview': 'Preview a KeyAuth import',
  'keyauth.commit': 'Commit a KeyAuth import',
};

const OPERATIONS = (['licenses.import', ...FILTER_JOB_TYPES] as const).map((value) => ({
  value,
  label: JOB_LABELS[value],
}));

const STATUS_OPTIONS = [
  { value: '', label: 'Any status' },
  ...LICENSE_STATUSES.map((status) => ({ value: status, label: status.toLowerCase() })),
];

/** The operations this form starts (a KeyAuth import has a page of its own). */
type FormJobType = (typeof OPERATIONS)[number]['value'];

/** Starts one bulk operation after a confirmation; `onStarted` gets the job to follow. */
export function BulkActionForm({ appId, onStarted }: { appId: string; onStarted: (job: Job) => void }) {
  const [type, setType] = useState<FormJobType>('licenses.delete');
  const [status, setStatus] = useState('');
  const [note, setNote] = useState('');
  const [search, setSearch] = useState('');
  const [days, setDays] = useState('30');
  const [reason, setReason] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [confirming, setConfirming] = useState(false);
  const start = useStartJob(appId);
  const keyJob = type === 'licenses.delete' || type === 'licenses.add-time';
  const userJob = type.startsWith('users.');
  const needsDays = type === 'licenses.add-time' || type === 'users.extend';
  const dayCount = Number(days);
  const daysError =
    needsDays && !(Number.isInteger(dayCount) && dayCount >= JobLimits.daysMin && dayCount <= JobLimits.daysMax)
      ? `Days must be between ${JobLimits.daysMin} and ${JobLimits.daysMax}`
      : undefined;
  const ready = type === 'licenses.import' ? file !== null : !daysError;

  function request(): CreateJobRequest | { type: 'licenses.import'; file: File } {
    if (type === 'licenses.import') return { type, file: file! };
    return {
      type,
      filter: {
        ...(type === 'licenses.delete' && status ? { status: status as LicenseStatus } : {}),
        ...(keyJob && note ? { note } : {}),
        ...(userJob && search ? { search } : {}),
      },
      params: {
        ...(needsDays ? { days: dayCount } : {}),
        ...(type === 'users.ban' && reason ? { reason } : {}),
      },
    };
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (ready) setConfirming(true);
  }

  return (
    <form className="stack card" onSubmit={submit} noValidate aria-label="Start a bulk action">
      <SelectField
        label="Operation"
        options={OPERATIONS}
        value={type}
        onChange={(event) => setType(event.target.value as FormJobType)}
      />
      {type === 'licenses.import' ? (
        <TextField
          label="CSV file"
          type="file"
          accept=".csv,text/csv"
          hint="Columns key, level, duration, note; the first line names them. Keys the app has are skipped."
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
      ) : null}
      {type === 'licenses.delete' ? (
        <SelectField
          label="Status"
          options={STATUS_OPTIONS}
          value={status}
          onChange={(event) => setStatus(event.target.value)}
        />
      ) : null}
      {keyJob ? (
        <TextField
          label="Note contains"
          maxLength={JobLimits.noteMax}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      ) : null}
      {userJob ? (
        <TextField
          label="Username contains"
          hint="Empty: every user"
          maxLength={JobLimits.searchMax}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      ) : null}
      {needsDays ? (
        <TextField
          label="Days"
          inputMode="numeric"
          value={days}
          error={daysError}
          onChange={(event) => setDays(event.target.value)}
        />
      ) : null}
      {type === 'users.ban' ? (
        <TextField
          label="Reason"
          maxLength={JobLimits.reasonMax}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      ) : null}
      <div>
        <button type="submit" className="button button-primary" disabled={!ready}>
          Start…
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`${JOB_LABELS[type]}?`}
        description="It runs in the background on every matching record of this app; you can follow and cancel it below."
        confirmLabel="Start"
        destructive={type === 'licenses.delete' || type === 'users.ban'}
        onConfirm={async () => onStarted(await start.mutateAsync(request()))}
      />
    </form>
  );
}
