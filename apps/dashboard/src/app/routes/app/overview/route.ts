import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from '../route';

export const overviewRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/',
  component: lazyRouteComponent(() => import('./page'), 'OverviewPage'),
});
