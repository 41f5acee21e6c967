import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { pageParam, searchValidator } from '@/lib/search-params';
import { appRoute } from '../route';

export const webhooksRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'webhooks',
  validateSearch: searchValidator(z.object({ page: pageParam })),
  component: lazyRouteComponent(() => import('./page'), 'WebhooksPage'),
});
