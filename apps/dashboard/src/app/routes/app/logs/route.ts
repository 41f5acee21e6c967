import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { pageParam, searchValidator, textParam } from '@/lib/search-params';
import { appRoute } from '../route';

export const logsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'logs',
  validateSearch: searchValidator(z.object({ type: textParam(100), page: pageParam })),
  component: lazyRouteComponent(() => import('./page'), 'LogsPage'),
});
