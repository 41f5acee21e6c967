import { getRouteApi } from '@tanstack/react-router';
import { PageHeader } from '@/components/ui/page-header';
import { SessionsTable } from '@/features/sessions/components/sessions-table';
import { pageSetter } from '@/lib/search-params';
import { useDocumentTitle } from '@/lib/use-document-title';

const sessionsRoute = getRouteApi('/dashboard/apps/$appId/sessions');

export function SessionsPage() {
  useDocumentTitle('Sessions');
  const { appId } = sessionsRoute.useParams();
  const { page = 1 } = sessionsRoute.useSearch();
  const navigate = sessionsRoute.useNavigate();

  return (
    <>
      <PageHeader
        title="Sessions"
        description="Who is signed in to your software right now. Ending a session signs that copy out."
      />
      <SessionsTable appId={appId} paging={{ page, onPageChange: pageSetter(navigate) }} />
    </>
  );
}
