import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { pageParam, searchValidator, textParam, uuidParam } from '@/lib/search-params';
import { appRoute } from '../route';

export const logsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'logs',
  validateSearch: searchValidator(z.object({ type: textParam(100), actorId: uuidParam, page: pageParam })),
  component: lazyRouteComponent(() => import('./page'), 'LogsPage'),
});
