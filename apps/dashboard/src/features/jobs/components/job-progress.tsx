import type { Job } from '@latchkey/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Badge, type BadgeTone } from '@/components/ui/status-badge';
import { DateTime } from '@/components/ui/date-time';
import { ErrorAlert } from '@/components/ui/error-alert';
import { formatNumber } from '@/lib/format';
import { isRunning, useCancelJob, useJob } from '../api/jobs';
import { jobResult, JOB_LABELS } from '../job-words';

const STATUS_TONES: Record<Job['status'], BadgeTone> = {
  queued: 'neutral',
  running: 'info',
  succeeded: 'success',
  failed: 'danger',
  cancelled: 'warning',
};

/** A job's status in words a vendor uses, not the API's enum. */
const STATUS_LABELS: Record<Job['status'], string> = {
  queued: 'Waiting to start',
  running: 'Running',
  succeeded: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export function JobStatus({ job }: { job: Job }) {
  const label = job.cancelRequested && isRunning(job) ? 'Cancelling' : STATUS_LABELS[job.status];
  return <Badge tone={STATUS_TONES[job.status]}>{label}</Badge>;
}

/**
 * One job, read every second while it runs: progress, errors, a cancel button
 * that asks first, and once it has ended, what it did ("7 days added to 6 keys").
 */
export function JobProgress({ appId, jobId }: { appId: string; jobId: string }) {
  const { data: job, error } = useJob(appId, jobId);
  const cancel = useCancelJob(appId);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  if (error) return <ErrorAlert error={error} />;
  if (!job) return null;
  const total = job.total ?? 0;
  const result = jobResult(job);
  return (
    <section className="card stack" aria-label="Job progress">
      <h2>
        {JOB_LABELS[job.type]} <JobStatus job={job} />
      </h2>
      <progress max={Math.max(total, 1)} value={job.status === 'succeeded' ? Math.max(total, 1) : job.done} />
      <p>
        {formatNumber(job.done)} of {job.total === null ? '…' : formatNumber(job.total)} done
        {job.skipped > 0 ? `, ${formatNumber(job.skipped)} skipped (already there)` : ''}
        {job.errorCount > 0 ? `, ${formatNumber(job.errorCount)} refused` : ''}
      </p>
      {result ? (
        <p>
          <strong>{result}</strong>
        </p>
      ) : null}
      <p className="muted">
        Started by {job.createdBy.email}, <DateTime value={job.createdAt} />
        {job.finishedAt ? (
          <>
            ; ended <DateTime value={job.finishedAt} />
          </>
        ) : null}
      </p>
      {job.failure ? <p role="alert">{job.failure}</p> : null}
      {job.errors.length > 0 ? (
        <ul aria-label="Refused rows">
          {job.errors.map((e, index) => (
            <li key={index}>
              {e.line !== undefined ? `Line ${e.line}: ` : ''}
              {e.key ? `${e.key}: ` : ''}
              {e.message}
            </li>
          ))}
        </ul>
      ) : null}
      {isRunning(job) && !job.cancelRequested ? (
        <div>
          <button type="button" className="button" onClick={() => setConfirmingCancel(true)}>
            Cancel job…
          </button>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirmingCancel}
        onOpenChange={setConfirmingCancel}
        title="Cancel this job?"
        description="It stops after the batch in flight. What it has done stays done; nothing is undone."
        confirmLabel="Cancel job"
        cancelLabel="Keep it running"
        onConfirm={() => cancel.mutateAsync(job.id)}
      />
    </section>
  );
}
