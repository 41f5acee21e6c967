import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from '../route';

export const jobsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'jobs',
  component: lazyRouteComponent(() => import('./page'), 'JobsPage'),
});
