import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AuthLayout } from '../layout';

export function NotFoundRoute() {
  useDocumentTitle('Not found');
  return (
    <AuthLayout>
      <div className="stack">
        <h1>Page not found</h1>
        <p>
          <a href={paths.home.getHref()}>Go to the dashboard</a>
        </p>
      </div>
    </AuthLayout>
  );
}
