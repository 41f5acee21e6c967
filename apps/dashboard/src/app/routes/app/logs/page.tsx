import { AUDIT_SEARCH_MAX } from '@latchkey/contracts';
import { getRouteApi } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { SearchField } from '@/components/ui/search-field';
import { useMe } from '@/features/auth/api/get-me';
import { LogActorFilter } from '@/features/logs/components/log-actor-filter';
import { LogTypeFilter } from '@/features/logs/components/log-type-filter';
import { LogsTable } from '@/features/logs/components/logs-table';
import { useMembers } from '@/features/members/api/members';
import { useAppRole } from '@/lib/app-role';
import { filterSetter, pageSetter } from '@/lib/search-params';
import { useDocumentTitle } from '@/lib/use-document-title';

const logsRoute = getRouteApi('/dashboard/apps/$appId/logs');

export function LogsPage() {
  useDocumentTitle('Logs');
  const { appId } = logsRoute.useParams();
  const { type, actorId, search, page = 1 } = logsRoute.useSearch();
  const navigate = logsRoute.useNavigate();
  const me = useMe().data?.account;
  // Admins pick any member; the other roles may not list members, so they pick themselves (or click an actor).
  const members = useMembers(appId, { enabled: useAppRole().can('members') }).data;
  const actors = useMemo(() => members ?? (me ? [{ accountId: me.id, email: me.email }] : []), [members, me]);
  const filterActor = useCallback((next: string | undefined) => filterSetter(navigate)({ actorId: next }), [navigate]);

  return (
    <>
      <PageHeader
        title="Logs"
        description="Every change made here, by whom, and every authentication from your software, failed ones with their reason."
      />
      <div className="toolbar">
        <SearchField
          value={search}
          onSearch={(next, change) => filterSetter(navigate)({ search: next }, change)}
          placeholder="A license key or a username"
          minLength={1}
          maxLength={AUDIT_SEARCH_MAX}
        />
        <LogTypeFilter value={type} onChange={(next) => filterSetter(navigate)({ type: next })} />
        <LogActorFilter actors={actors} currentAccountId={me?.id} value={actorId} onChange={filterActor} />
      </div>
      <LogsTable
        appId={appId}
        type={type}
        actorId={actorId}
        search={search}
        page={page}
        onPageChange={pageSetter(navigate)}
        onActorFilter={filterActor}
      />
    </>
  );
}
