import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { pageParam, searchValidator } from '@/lib/search-params';
import { appRoute } from '../route';

/** One reseller: balance, what it may generate, and its ledger (`page` pages the ledger). */
export const resellerRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'resellers/$resellerId',
  validateSearch: searchValidator(z.object({ page: pageParam })),
  component: lazyRouteComponent(() => import('./page'), 'ResellerPage'),
});
