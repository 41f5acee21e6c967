import { getRouteApi, Link } from '@tanstack/react-router';
import { useId } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useApp } from '@/features/apps/api/get-app';
import { KeyAuthMessagesSection } from '@/features/keyauth/components/keyauth-messages-section';
import { KeyAuthSettingsSection } from '@/features/keyauth/components/keyauth-settings-section';
import { useDocumentTitle } from '@/lib/use-document-title';

const keyAuthRoute = getRouteApi('/dashboard/apps/$appId/keyauth');

function KeyAuthImportEntry({ appId }: { appId: string }) {
  const headingId = useId();
  return (
    <section className="card stack" aria-labelledby={headingId}>
      <h2 id={headingId}>Import from KeyAuth</h2>
      <p className="muted">
        Bring your KeyAuth users (passwords, HWIDs, bans, subscriptions) and keys into this application from a KeyAuth
        export: preview first, then commit in one step.
      </p>
      <div>
        <Link to="/apps/$appId/keyauth-import" params={{ appId }} className="button button-secondary">
          Import from KeyAuth
        </Link>
      </div>
    </section>
  );
}

/**
 * Everything KeyAuth: the compatibility settings with the seller key,
 * the messages clients are answered, and the import. For roles with `keyauth`
 * (the app layout).
 */
export function KeyAuthPage() {
  useDocumentTitle('KeyAuth');
  const { appId } = keyAuthRoute.useParams();
  // The app's layout loads the same query and shows its error.
  const appQuery = useApp(appId);
  const app = appQuery.data;

  return (
    <div className="stack-lg">
      <PageHeader
        title="KeyAuth"
        description="Serve software built on KeyAuth’s client libraries with only its URL and public key changed, choose what those clients are told, and import your KeyAuth users and keys."
      />
      {app ? (
        <>
          <KeyAuthSettingsSection appId={appId} appVersion={app.version} />
          <KeyAuthMessagesSection appId={appId} />
          <KeyAuthImportEntry appId={appId} />
        </>
      ) : appQuery.error ? null : (
        <Skeleton height="36rem" />
      )}
    </div>
  );
}
