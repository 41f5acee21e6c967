import type { Job } from '@latchkey/contracts';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { QueryTable } from '@/components/ui/data-table';
import { DateTime } from '@/components/ui/date-time';
import { EmptyState } from '@/components/ui/empty-state';
import { formatNumber } from '@/lib/format';
import { useJobs } from '../api/jobs';
import { JOB_LABELS } from '../job-words';
import { JobStatus } from './job-progress';

const column = createColumnHelper<Job>();

/** The app's jobs, newest first; one can be opened to follow it. */
export function RecentJobs({ appId, onOpen }: { appId: string; onOpen: (jobId: string) => void }) {
  const [page, setPage] = useState(1);
  const jobsQuery = useJobs(appId, page);
  const columns = useMemo(
    () => [
      column.accessor('type', { header: 'Operation', cell: (info) => JOB_LABELS[info.getValue()] }),
      column.display({ id: 'status', header: 'Status', cell: (info) => <JobStatus job={info.row.original} /> }),
      column.display({
        id: 'progress',
        header: 'Done',
        cell: ({ row: { original: job } }) =>
          `${formatNumber(job.done)} / ${job.total === null ? '…' : formatNumber(job.total)}`,
        meta: { className: 'col-num' },
      }),
      column.accessor('createdAt', { header: 'Started', cell: (info) => <DateTime value={info.getValue()} /> }),
      column.display({
        id: 'actions',
        header: () => <span className="visually-hidden">Actions</span>,
        cell: (info) => (
          <button type="button" className="button button-small" onClick={() => onOpen(info.row.original.id)}>
            Show
          </button>
        ),
        meta: { className: 'col-actions' },
      }),
    ],
    [onOpen],
  );
  return (
    <QueryTable
      label="Recent jobs"
      noun={['job', 'jobs']}
      columns={columns}
      query={jobsQuery}
      paging={{ page, onPageChange: setPage }}
      getRowId={(job) => job.id}
      empty={<EmptyState title="No bulk actions yet">Start one above; it shows here with its progress.</EmptyState>}
    />
  );
}
