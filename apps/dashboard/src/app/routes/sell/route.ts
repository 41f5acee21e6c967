import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { LICENSE_STATUSES, LicenseLimits } from '@latchkey/contracts';
import { enumParam, pageParam, searchValidator, textParam } from '@/lib/search-params';
import { dashboardRoute } from '../dashboard/route';

/** A reseller's console for the app it sells: balance, generate, its keys and its ledger. */
export const sellRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: 'sell/$appId',
  validateSearch: searchValidator(
    z.object({
      status: enumParam(LICENSE_STATUSES),
      search: textParam(LicenseLimits.searchMax),
      page: pageParam,
      ledgerPage: pageParam,
    }),
  ),
  component: lazyRouteComponent(() => import('./page'), 'SellPage'),
});
