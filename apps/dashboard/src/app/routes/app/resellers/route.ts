import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from '../route';

export const resellersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'resellers',
  component: lazyRouteComponent(() => import('./page'), 'ResellersPage'),
});
