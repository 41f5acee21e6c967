import { useState } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { VariableFormDialog } from '@/features/variables/components/variable-form-dialog';
import { VariablesTable } from '@/features/variables/components/variables-table';
import { useDocumentTitle } from '@/lib/use-document-title';
import { variablesRoute } from './route';

export function VariablesPage() {
  useDocumentTitle('Variables');
  const { appId } = variablesRoute.useParams();
  const { page = 1 } = variablesRoute.useSearch();
  const navigate = variablesRoute.useNavigate();
  const [creating, setCreating] = useState(false);

  return (
    <>
      <PageHeader
        title="Variables"
        description="Server-side values that only signed-in users of a high enough level can read."
        actions={
          <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
            New variable
          </button>
        }
      />
      <VariablesTable
        appId={appId}
        page={page}
        onPageChange={(next) => void navigate({ search: (prev) => ({ ...prev, page: next }) })}
      />
      <VariableFormDialog appId={appId} open={creating} onOpenChange={setCreating} />
    </>
  );
}
