import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { searchValidator, textParam } from '@/lib/search-params';
import { appRoute } from '../route';

export const keyAuthImportRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'keyauth-import',
  validateSearch: searchValidator(z.object({ import: textParam(36) })),
  component: lazyRouteComponent(() => import('./page'), 'KeyAuthImportPage'),
});
