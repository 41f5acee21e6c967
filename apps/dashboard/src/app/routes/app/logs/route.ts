import { AUDIT_SEARCH_MAX } from '@latchkey/contracts';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { pageParam, searchValidator, textParam, uuidParam } from '@/lib/search-params';
import { appRoute } from '../route';

export const logsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'logs',
  validateSearch: searchValidator(
    z.object({ type: textParam(100), actorId: uuidParam, search: textParam(AUDIT_SEARCH_MAX), page: pageParam }),
  ),
  component: lazyRouteComponent(() => import('./page'), 'LogsPage'),
});
