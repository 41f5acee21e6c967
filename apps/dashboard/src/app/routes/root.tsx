import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Link, Outlet } from '@tanstack/react-router';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AuthLayout } from '../layout';

export interface RouterContext {
  queryClient: QueryClient;
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFoundPage,
});

function NotFoundPage() {
  useDocumentTitle('Not found');
  return (
    <AuthLayout>
      <div className="stack">
        <h1>Page not found</h1>
        <p>
          <Link to="/">Go to the dashboard</Link>
        </p>
      </div>
    </AuthLayout>
  );
}
