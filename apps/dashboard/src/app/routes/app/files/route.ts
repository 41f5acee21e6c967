import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { pageParam, searchValidator } from '@/lib/search-params';
import { appRoute } from '../route';

export const filesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'files',
  validateSearch: searchValidator(z.object({ page: pageParam })),
  component: lazyRouteComponent(() => import('./page'), 'FilesPage'),
});
