import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { searchValidator, uuidParam } from '@/lib/search-params';
import { appRoute } from '../route';

/** Bulk actions; `job` opens that job's card (a link from Logs). */
export const jobsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'jobs',
  validateSearch: searchValidator(z.object({ job: uuidParam })),
  component: lazyRouteComponent(() => import('./page'), 'JobsPage'),
});
