import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { pageParam, searchValidator } from '@/lib/search-params';
import { appRoute } from '../route';

export const sessionsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'sessions',
  validateSearch: searchValidator(z.object({ page: pageParam })),
  component: lazyRouteComponent(() => import('./page'), 'SessionsPage'),
});
