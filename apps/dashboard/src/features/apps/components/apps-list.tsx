import type { App } from '@latchkey/contracts';
import { ErrorAlert } from '@/components/error-alert';
import { useApps } from '../api/get-apps';

export function AppsList() {
  const appsQuery = useApps();

  if (appsQuery.isPending) {
    return (
      <p className="muted" role="status">
        Loading applications…
      </p>
    );
  }
  if (appsQuery.isError) {
    return <ErrorAlert title="Could not load applications" error={appsQuery.error} />;
  }

  const apps = appsQuery.data.data;
  const total = appsQuery.data.meta?.total ?? apps.length;

  if (apps.length === 0) {
    return <p className="empty">No applications yet. Create your first one above.</p>;
  }

  return (
    <div className="table-wrap">
      <table className="apps-table">
        <caption>
          {total === 1 ? '1 application' : `${total} applications`}
          {total > apps.length ? ` (showing ${apps.length})` : null}
        </caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">App ID</th>
            <th scope="col">Version</th>
            <th scope="col">Status</th>
            <th scope="col">Public key</th>
          </tr>
        </thead>
        <tbody>
          {apps.map((app) => (
            <AppRow key={app.appId} app={app} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function AppRow({ app }: { app: App }) {
  return (
    <tr>
      <th scope="row">{app.name}</th>
      <td>
        <code>{app.appId}</code>
      </td>
      <td>{app.version}</td>
      <td>
        <span className={app.enabled ? 'badge badge-on' : 'badge badge-off'}>
          {app.enabled ? 'Enabled' : 'Disabled'}
        </span>
      </td>
      <td>
        <code className="public-key">{app.publicKey}</code>
      </td>
    </tr>
  );
}
