import { BLACKLIST_TYPES } from '@latchkey/contracts';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { enumParam, pageParam, searchValidator } from '@/lib/search-params';
import { appRoute } from '../route';

export const blacklistRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'blacklist',
  validateSearch: searchValidator(z.object({ type: enumParam(BLACKLIST_TYPES), page: pageParam })),
  component: lazyRouteComponent(() => import('./page'), 'BlacklistPage'),
});
