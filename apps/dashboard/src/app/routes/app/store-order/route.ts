import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from '../route';

/** One order: its keys, events and email: `/apps/{appId}/store/orders/{orderId}` (a key's row links here). */
export const storeOrderRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'store/orders/$orderId',
  component: lazyRouteComponent(() => import('./page'), 'StoreOrderPage'),
});
