import type { AppWithRole, CreatedApp } from '@latchkey/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RowConfirmDialog } from '@/components/ui/confirm-dialog';
import { PageHeader } from '@/components/ui/page-header';
import { useMe } from '@/features/auth/api/get-me';
import { removeMember } from '@/features/members/api/members';
import { appsListKey } from '@/lib/query-keys';
import { ApiKeyNotice } from '@/features/apps/components/api-key-notice';
import { AppsList } from '@/features/apps/components/apps-list';
import { CreateAppForm } from '@/features/apps/components/create-app-form';
import { useDocumentTitle } from '@/lib/use-document-title';

export function AppsPage() {
  useDocumentTitle('Applications');
  // Held in memory only: the API key is shown once and gone after a reload.
  const [created, setCreated] = useState<CreatedApp | null>(null);
  const [leaving, setLeaving] = useState<AppWithRole | null>(null);
  const me = useMe();
  const queryClient = useQueryClient();

  return (
    <div className="stack-lg">
      <PageHeader
        title="Applications"
        description="Each application has its own API key, signing key, licenses and users."
      />
      {created ? <ApiKeyNotice app={created} onDismiss={() => setCreated(null)} /> : null}
      <CreateAppForm onCreated={setCreated} />
      <section aria-labelledby="apps-list-heading" className="card">
        <h2 id="apps-list-heading">Your applications</h2>
        <AppsList onLeave={setLeaving} />
      </section>
      <RowConfirmDialog
        row={leaving}
        onClose={() => setLeaving(null)}
        title={`Leave ${leaving?.name ?? 'the application'}?`}
        description="You lose access at once. Only an admin of the application can invite you back."
        confirmLabel="Leave application"
        onConfirm={async (app) => {
          if (!me.data) return;
          // A member may remove itself (leave); the API refuses the owner.
          await removeMember(app.appId, me.data.account.id);
          await queryClient.invalidateQueries({ queryKey: appsListKey });
          return `You left ${app.name}`;
        }}
      />
    </div>
  );
}
