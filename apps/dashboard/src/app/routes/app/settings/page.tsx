import { getRouteApi, Link } from '@tanstack/react-router';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useApp } from '@/features/apps/api/get-app';
import { AppDangerZone } from '@/features/apps/components/app-danger-zone';
import { AppKeys } from '@/features/apps/components/app-keys';
import { AppSettingsForm } from '@/features/apps/components/app-settings-form';
import { useAppRole } from '@/lib/app-role';
import { OperatorWarnings } from '@/features/health/components/operator-warnings';
import { PortalSettingsCard } from '@/features/portal/components/portal-settings-card';
import { useDocumentTitle } from '@/lib/use-document-title';

const settingsRoute = getRouteApi('/dashboard/apps/$appId/settings');

export function SettingsPage() {
  useDocumentTitle('Settings');
  const { appId } = settingsRoute.useParams();
  const navigate = settingsRoute.useNavigate();
  // The app's layout loads the same query and shows its error.
  const appQuery = useApp(appId);
  const app = appQuery.data;
  // The page itself is for roles with `settings` (the app layout); deleting the app is the owner's alone.
  const { can } = useAppRole();

  return (
    <>
      <PageHeader
        title="Settings"
        description="How the service treats your software's requests, the keys it needs, and deleting the application."
      />
      {can('keyauth') ? (
        <p className="muted">
          KeyAuth compatibility has its own page:{' '}
          <Link to="/apps/$appId/keyauth" params={{ appId }}>
            KeyAuth
          </Link>
          .
        </p>
      ) : null}
      <OperatorWarnings />
      {app ? (
        <>
          <AppSettingsForm app={app} />
          <PortalSettingsCard appId={appId} canEdit={can('settings')} />
          {can('apiKey') ? <AppKeys app={app} /> : null}
          {can('app.delete') ? <AppDangerZone app={app} onDeleted={() => navigate({ to: '/apps' })} /> : null}
        </>
      ) : appQuery.error ? null : (
        <Skeleton height="36rem" />
      )}
    </>
  );
}
