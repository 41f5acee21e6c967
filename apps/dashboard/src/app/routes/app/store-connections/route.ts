import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from '../route';

/** The app's store connections: `/apps/{appId}/store/connections`. */
export const storeConnectionsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'store/connections',
  component: lazyRouteComponent(() => import('./page'), 'StoreConnectionsPage'),
});
