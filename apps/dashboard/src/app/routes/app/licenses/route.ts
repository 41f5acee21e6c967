import { LICENSE_STATUSES, LicenseLimits } from '@latchkey/contracts';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { enumParam, pageParam, searchValidator, textParam } from '@/lib/search-params';
import { appRoute } from '../route';

export const licensesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'licenses',
  validateSearch: searchValidator(
    z.object({
      status: enumParam(LICENSE_STATUSES),
      search: textParam(LicenseLimits.searchMax),
      createdBy: textParam(64),
      page: pageParam,
    }),
  ),
  component: lazyRouteComponent(() => import('./page'), 'LicensesPage'),
});
