import { STORE_EVENT_OUTCOMES } from '@latchkey/contracts';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { enumParam, pageParam, searchValidator, uuidParam } from '@/lib/search-params';
import { appRoute } from '../route';

/** Events the stores sent: `/apps/{appId}/store/events?outcome=refused&connectionId=&page=`. */
export const storeEventsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'store/events',
  validateSearch: searchValidator(
    z.object({ outcome: enumParam(STORE_EVENT_OUTCOMES), connectionId: uuidParam, page: pageParam }),
  ),
  component: lazyRouteComponent(() => import('./page'), 'StoreEventsPage'),
});
