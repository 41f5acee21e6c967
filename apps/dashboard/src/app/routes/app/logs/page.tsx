import { PageHeader } from '@/components/ui/page-header';
import { LogTypeFilter } from '@/features/logs/components/log-type-filter';
import { LogsTable } from '@/features/logs/components/logs-table';
import { filterSetter, pageSetter } from '@/lib/search-params';
import { useDocumentTitle } from '@/lib/use-document-title';
import { logsRoute } from './route';

export function LogsPage() {
  useDocumentTitle('Logs');
  const { appId } = logsRoute.useParams();
  const { type, page = 1 } = logsRoute.useSearch();
  const navigate = logsRoute.useNavigate();

  return (
    <>
      <PageHeader
        title="Logs"
        description="Every change made here and every authentication from your software, failed ones with their reason."
      />
      <div className="toolbar">
        <LogTypeFilter value={type} onChange={(next) => filterSetter(navigate)({ type: next })} />
      </div>
      <LogsTable appId={appId} type={type} page={page} onPageChange={pageSetter(navigate)} />
    </>
  );
}
