import type { Job } from '@latchkey/contracts';
import { Badge, type BadgeTone } from '@/components/ui/status-badge';
import { DateTime } from '@/components/ui/date-time';
import { ErrorAlert } from '@/components/ui/error-alert';
import { formatNumber } from '@/lib/format';
import { isRunning, useCancelJob, useJob } from '../api/jobs';
import { JOB_LABELS } from './bulk-action-form';

const STATUS_TONES: Record<Job['status'], BadgeTone> = {
  queued: 'neutral',
  running: 'info',
  succeeded: 'success',
  failed: 'danger',
  cancelled: 'warning',
};

export function JobStatus({ job }: { job: Job }) {
  const label = job.cancelRequested && isRunning(job) ? 'cancelling' : job.status;
  return <Badge tone={STATUS_TONES[job.status]}>{label}</Badge>;
}

/** One job, read every second while it runs: progress, errors, and a cancel button. */
export function JobProgress({ appId, jobId }: { appId: string; jobId: string }) {
  const { data: job, error } = useJob(appId, jobId);
  const cancel = useCancelJob(appId);
  if (error) return <ErrorAlert error={error} />;
  if (!job) return null;
  const total = job.total ?? 0;
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
          <button type="button" className="button" disabled={cancel.isPending} onClick={() => cancel.mutate(job.id)}>
            Cancel job
          </button>
        </div>
      ) : null}
      <ErrorAlert error={cancel.error} />
    </section>
  );
}
