import { STORE_ORDER_STATUSES, StoreLimits } from '@latchkey/contracts';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { enumParam, pageParam, searchValidator, textParam, uuidParam } from '@/lib/search-params';
import { appRoute } from '../route';

/** The Store section's first page, its orders: `/apps/{appId}/store?search=&status=&connectionId=&page=`. */
export const storeRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'store',
  validateSearch: searchValidator(
    z.object({
      search: textParam(StoreLimits.searchMax),
      status: enumParam(STORE_ORDER_STATUSES),
      connectionId: uuidParam,
      page: pageParam,
    }),
  ),
  component: lazyRouteComponent(() => import('./page'), 'StoreOrdersPage'),
});
