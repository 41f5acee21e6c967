import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useApp } from '@/features/apps/api/get-app';
import { AppDangerZone } from '@/features/apps/components/app-danger-zone';
import { AppKeys } from '@/features/apps/components/app-keys';
import { AppSettingsForm } from '@/features/apps/components/app-settings-form';
import { useDocumentTitle } from '@/lib/use-document-title';
import { settingsRoute } from './route';

export function SettingsPage() {
  useDocumentTitle('Settings');
  const { appId } = settingsRoute.useParams();
  const app = useApp(appId).data;

  return (
    <>
      <PageHeader title="Settings" description="How the client endpoint treats this application's software." />
      {app ? (
        <>
          <AppSettingsForm app={app} />
          <h2>Keys for your software</h2>
          <AppKeys app={app} />
          <AppDangerZone app={app} />
        </>
      ) : (
        <Skeleton height="24rem" />
      )}
    </>
  );
}
