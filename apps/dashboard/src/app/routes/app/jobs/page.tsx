import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { BulkActionForm } from '@/features/jobs/components/bulk-action-form';
import { JobProgress } from '@/features/jobs/components/job-progress';
import { RecentJobs } from '@/features/jobs/components/recent-jobs';
import { useDocumentTitle } from '@/lib/use-document-title';

const jobsRoute = getRouteApi('/dashboard/apps/$appId/jobs');

export function JobsPage() {
  useDocumentTitle('Bulk actions');
  const { appId } = jobsRoute.useParams();
  const { job } = jobsRoute.useSearch();
  // A job opened here wins over the one the link named, until the link changes.
  const [opened, setOpened] = useState<{ from: string | undefined; jobId: string } | null>(null);
  const jobId = opened && opened.from === job ? opened.jobId : (job ?? null);
  const setJobId = (next: string) => setOpened({ from: job, jobId: next });

  return (
    <div className="stack-lg">
      <PageHeader
        title="Bulk actions"
        description="Change every matching key or user of this app at once. Each action runs in the background and can be cancelled."
      />
      <BulkActionForm appId={appId} onStarted={(job) => setJobId(job.id)} />
      {jobId ? <JobProgress appId={appId} jobId={jobId} /> : null}
      <section className="stack" aria-label="Recent bulk actions">
        <h2>Recent</h2>
        <RecentJobs appId={appId} onOpen={setJobId} />
      </section>
    </div>
  );
}
