import { getRouteApi, Link } from '@tanstack/react-router';
import { PageHeader } from '@/components/ui/page-header';
import { KeyAuthImportView } from '@/features/keyauth-import/components/keyauth-import-view';
import { KeyAuthUploadForm } from '@/features/keyauth-import/components/keyauth-upload-form';
import { useDocumentTitle } from '@/lib/use-document-title';

const keyAuthImportRoute = getRouteApi('/dashboard/apps/$appId/keyauth-import');

export function KeyAuthImportPage() {
  useDocumentTitle('Import from KeyAuth');
  const { appId } = keyAuthImportRoute.useParams();
  const { import: importId } = keyAuthImportRoute.useSearch();
  const navigate = keyAuthImportRoute.useNavigate();

  return (
    <div className="stack-lg">
      <PageHeader
        title="Import from KeyAuth"
        description="Bring your KeyAuth users (with their passwords, HWIDs, bans and subscriptions) and keys into this app. Upload an export, check the preview, then commit it in one step."
      />
      <p className="muted">
        For the clients you shipped: the compatibility settings and the messages they show are on the{' '}
        <Link to="/apps/$appId/keyauth" params={{ appId }}>
          KeyAuth page
        </Link>
        .
      </p>
      <KeyAuthUploadForm appId={appId} onUploaded={(created) => navigate({ search: { import: created.id } })} />
      {importId ? <KeyAuthImportView key={importId} appId={appId} importId={importId} /> : null}
    </div>
  );
}
