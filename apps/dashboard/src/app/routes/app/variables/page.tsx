import { getRouteApi } from '@tanstack/react-router';
import { VariableFormDialog } from '@/features/variables/components/variable-form-dialog';
import { VariablesTable } from '@/features/variables/components/variables-table';
import { pageSetter } from '@/lib/search-params';
import { useAppRole } from '@/lib/app-role';
import { ListPage } from '../list-page';

const variablesRoute = getRouteApi('/dashboard/apps/$appId/variables');

export function VariablesPage() {
  const { appId } = variablesRoute.useParams();
  const { can } = useAppRole();
  const { page = 1 } = variablesRoute.useSearch();
  const navigate = variablesRoute.useNavigate();
  return (
    <ListPage
      title="Variables"
      description="Server-side values that only signed-in users of a high enough level can read."
      createLabel="New variable"
      canCreate={can('variables.write')}
      createDialog={(open, onOpenChange) => (
        <VariableFormDialog appId={appId} open={open} onOpenChange={onOpenChange} />
      )}
    >
      <VariablesTable appId={appId} paging={{ page, onPageChange: pageSetter(navigate) }} />
    </ListPage>
  );
}
