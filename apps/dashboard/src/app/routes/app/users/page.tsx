import { UserLimits } from '@latchkey/contracts';
import { useState } from 'react';
import { SearchField } from '@/components/ui/search-field';
import { PageHeader } from '@/components/ui/page-header';
import { CreateUserDialog } from '@/features/users/components/user-dialogs';
import { UsersTable } from '@/features/users/components/users-table';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usersRoute } from './route';

export function UsersPage() {
  useDocumentTitle('Users');
  const { appId } = usersRoute.useParams();
  const { search, page = 1 } = usersRoute.useSearch();
  const navigate = usersRoute.useNavigate();
  const [creating, setCreating] = useState(false);
  return (
    <>
      <PageHeader
        title="Users"
        description="Everyone who registered with a key, signed in with a key alone, or was created here."
        actions={
          <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
            New user
          </button>
        }
      />
      <div className="toolbar">
        <SearchField
          value={search}
          onSearch={(next) => void navigate({ search: (prev) => ({ ...prev, search: next, page: undefined }) })}
          placeholder="Part of a username"
          minLength={UserLimits.searchMin}
          maxLength={UserLimits.searchMax}
        />
      </div>
      <UsersTable
        appId={appId}
        search={search}
        page={page}
        onPageChange={(next) => void navigate({ search: (prev) => ({ ...prev, page: next }) })}
      />
      <CreateUserDialog appId={appId} open={creating} onOpenChange={setCreating} />
    </>
  );
}
