import type { CreatedApp } from '@latchkey/contracts';
import { useState } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { ApiKeyNotice } from '@/features/apps/components/api-key-notice';
import { AppsList } from '@/features/apps/components/apps-list';
import { CreateAppForm } from '@/features/apps/components/create-app-form';
import { useDocumentTitle } from '@/lib/use-document-title';

export function AppsPage() {
  useDocumentTitle('Applications');
  // Held in memory only: the API key is shown once and gone after a reload.
  const [created, setCreated] = useState<CreatedApp | null>(null);

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
        <AppsList />
      </section>
    </div>
  );
}
