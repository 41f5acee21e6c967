import { lazy, Suspense } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorAlert } from '@/components/ui/error-alert';
import { useStats } from '@/features/overview/api/get-stats';
import { StatsCards } from '@/features/overview/components/stats-cards';
import { useDocumentTitle } from '@/lib/use-document-title';
import { overviewRoute } from './route';

// The chart library is most of this page's weight: the counts show while it loads.
const ActivityChart = lazy(() =>
  import('@/features/overview/components/activity-chart').then((module) => ({ default: module.ActivityChart })),
);

export function OverviewPage() {
  useDocumentTitle('Overview');
  const { appId } = overviewRoute.useParams();
  const statsQuery = useStats(appId);

  return (
    <>
      <PageHeader title="Overview" description="Who uses your software, and how much, over the last 30 days." />
      <ErrorAlert error={statsQuery.error} title="Could not load the figures" />
      <StatsCards stats={statsQuery.data} />
      <Suspense fallback={<Skeleton height="280px" />}>
        <ActivityChart stats={statsQuery.data} />
      </Suspense>
    </>
  );
}
