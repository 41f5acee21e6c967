import { getRouteApi } from '@tanstack/react-router';
import { CreateResellerDialog } from '@/features/resellers/components/reseller-dialogs';
import { ResellersTable } from '@/features/resellers/components/resellers-table';
import { useAppRole } from '@/lib/app-role';
import { ListPage } from '../list-page';

const resellersRoute = getRouteApi('/dashboard/apps/$appId/resellers');

export function ResellersPage() {
  const { appId } = resellersRoute.useParams();
  const { can } = useAppRole();
  return (
    <ListPage
      title="Resellers"
      description="People who sell this app's keys: each key they generate costs one credit."
      createLabel="New reseller"
      canCreate={can('resellers.write')}
      createDialog={(open, onOpenChange) => (
        <CreateResellerDialog appId={appId} open={open} onOpenChange={onOpenChange} />
      )}
    >
      <ResellersTable appId={appId} />
    </ListPage>
  );
}
