import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { pageParam, searchValidator, textParam } from '@/lib/search-params';
import { appRoute } from '../route';

export const usersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'users',
  validateSearch: searchValidator(z.object({ search: textParam(64), page: pageParam })),
  component: lazyRouteComponent(() => import('./page'), 'UsersPage'),
});
