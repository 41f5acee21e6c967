import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../root';

/**
 * `/portal/$publicId`: an app's customer portal, the page a vendor gives their
 * customers (docs/customer-portal.md). Its own surface: no dashboard chrome,
 * no owner token, the owner's name and accent color.
 */
export const portalRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/portal/$publicId',
  component: lazyRouteComponent(() => import('./page'), 'PortalPage'),
});
