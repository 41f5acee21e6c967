import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from '../route';

/** One store connection and its product mappings: `/apps/{appId}/store/connections/{connectionId}`. */
export const storeConnectionRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'store/connections/$connectionId',
  component: lazyRouteComponent(() => import('./page'), 'StoreConnectionPage'),
});
