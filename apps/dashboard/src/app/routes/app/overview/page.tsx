import { getRouteApi } from '@tanstack/react-router';
import { ErrorAlert } from '@/components/ui/error-alert';
import { PageHeader } from '@/components/ui/page-header';
import { useStats } from '@/features/overview/api/get-stats';
import { ActivityChart } from '@/features/overview/components/activity-chart';
import { StatsCards } from '@/features/overview/components/stats-cards';
import { useDocumentTitle } from '@/lib/use-document-title';

const overviewRoute = getRouteApi('/dashboard/apps/$appId/');

export function OverviewPage() {
  useDocumentTitle('Overview');
  const { appId } = overviewRoute.useParams();
  const statsQuery = useStats(appId);

  return (
    <>
      <PageHeader title="Overview" description="Who uses your software, and how much, over the last 30 days." />
      <ErrorAlert error={statsQuery.error} title="Could not load the figures" />
      {/* Failed before any data: the alert alone, not skeletons that never fill. */}
      {statsQuery.error && !statsQuery.data ? null : (
        <>
          <StatsCards stats={statsQuery.data} />
          {/* The chart loads its library itself, after the figures are on screen. */}
          <ActivityChart appId={appId} stats={statsQuery.data} />
        </>
      )}
    </>
  );
}
