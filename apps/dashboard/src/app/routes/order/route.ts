import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../root';

/** `/order/$token`: the buyer's order page behind a signed, short-lived link; open to anyone holding it. */
export const orderRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/order/$token',
  component: lazyRouteComponent(() => import('./page'), 'OrderPage'),
});
