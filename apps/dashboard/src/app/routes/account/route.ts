import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { dashboardRoute } from '../dashboard/route';

/** The signed-in account: password, personal access tokens. */
export const accountRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: '/account',
  component: lazyRouteComponent(() => import('./page'), 'AccountPage'),
});
