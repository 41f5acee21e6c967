import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { pageParam, searchValidator } from '@/lib/search-params';
import { appRoute } from '../route';

/** One user's page: details, actions, live sessions and the user's variables (`page` pages the sessions). */
export const userRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'users/$userId',
  validateSearch: searchValidator(z.object({ page: pageParam })),
  component: lazyRouteComponent(() => import('./page'), 'UserPage'),
});
