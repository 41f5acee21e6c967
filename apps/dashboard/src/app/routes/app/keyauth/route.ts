import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from '../route';

export const keyAuthRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'keyauth',
  component: lazyRouteComponent(() => import('./page'), 'KeyAuthPage'),
});
