import { getRouteApi } from '@tanstack/react-router';
import { UserLimits } from '@latchkey/contracts';
import { SearchField } from '@/components/ui/search-field';
import { CreateUserDialog } from '@/features/users/components/user-dialogs';
import { UsersTable } from '@/features/users/components/users-table';
import { filterSetter, pageSetter } from '@/lib/search-params';
import { useAppRole } from '@/lib/app-role';
import { ListPage } from '../list-page';

const usersRoute = getRouteApi('/dashboard/apps/$appId/users');

export function UsersPage() {
  const { appId } = usersRoute.useParams();
  const { can } = useAppRole();
  const { search, page = 1 } = usersRoute.useSearch();
  const navigate = usersRoute.useNavigate();
  return (
    <ListPage
      title="Users"
      description="Everyone who registered with a key, signed in with a key alone, or was created here."
      createLabel="New user"
      canCreate={can('users.write')}
      createDialog={(open, onOpenChange) => <CreateUserDialog appId={appId} open={open} onOpenChange={onOpenChange} />}
      filters={
        <SearchField
          value={search}
          onSearch={(next, change) => filterSetter(navigate)({ search: next }, change)}
          placeholder="Part of a username"
          minLength={UserLimits.searchMin}
          maxLength={UserLimits.searchMax}
        />
      }
    >
      <UsersTable appId={appId} search={search} paging={{ page, onPageChange: pageSetter(navigate) }} />
    </ListPage>
  );
}
