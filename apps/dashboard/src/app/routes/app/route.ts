import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { dashboardRoute } from '../dashboard/route';

/** `/apps/$appId/...`: one application, with its own navigation (layout.tsx). */
export const appRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: '/apps/$appId',
  component: lazyRouteComponent(() => import('./layout'), 'AppLayout'),
});
