import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { dashboardRoute } from '../dashboard/route';

export const appsRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: '/apps',
  component: lazyRouteComponent(() => import('./page'), 'AppsPage'),
});
