import { useEffect, useState } from 'react';
import { TextField } from '@/components/ui/form-fields';
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
  const [draft, setDraft] = useState(search ?? '');
  useEffect(() => setDraft(search ?? ''), [search]);
  const applySearch = () => {
    const next = draft.trim() || undefined;
    if (next !== search) void navigate({ search: (prev) => ({ ...prev, search: next, page: undefined }) });
  };

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
        <form
          className="field-grow"
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            applySearch();
          }}
        >
          <TextField
            label="Search"
            type="search"
            placeholder="Part of a username"
            maxLength={64}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onBlur={applySearch}
          />
        </form>
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
