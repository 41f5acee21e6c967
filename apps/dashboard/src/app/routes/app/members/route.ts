import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from '../route';

export const membersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'members',
  component: lazyRouteComponent(() => import('./page'), 'MembersPage'),
});
