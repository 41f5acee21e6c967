import { DateTime } from '@/components/ui/date-time';
import { ErrorAlert } from '@/components/ui/error-alert';
import { formatNumber } from '@/lib/format';
import { useRecentJobs } from '../api/jobs';
import { JOB_LABELS } from './bulk-action-form';
import { JobStatus } from './job-progress';

/** The app's newest jobs; one can be opened to follow it. */
export function RecentJobs({ appId, onOpen }: { appId: string; onOpen: (jobId: string) => void }) {
  const { data, error } = useRecentJobs(appId);
  if (error) return <ErrorAlert error={error} />;
  const jobs = data?.data ?? [];
  if (jobs.length === 0) return <p className="muted">No bulk actions yet.</p>;
  return (
    <div className="table-wrap">
      <table className="table" aria-label="Recent jobs">
        <thead>
          <tr>
            <th>Operation</th>
            <th>Status</th>
            <th>Done</th>
            <th>Started</th>
            <th className="col-actions">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {jobs.map((job) => (
            <tr key={job.id}>
              <td>{JOB_LABELS[job.type]}</td>
              <td>
                <JobStatus job={job} />
              </td>
              <td>
                {formatNumber(job.done)} / {job.total === null ? '…' : formatNumber(job.total)}
              </td>
              <td>
                <DateTime value={job.createdAt} />
              </td>
              <td className="col-actions">
                <button type="button" className="button" onClick={() => onOpen(job.id)}>
                  Show
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
