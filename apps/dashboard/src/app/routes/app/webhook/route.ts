import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { pageParam, searchValidator } from '@/lib/search-params';
import { appRoute } from '../route';

/** One webhook's delivery log (`page` pages the deliveries). */
export const webhookRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'webhooks/$webhookId',
  validateSearch: searchValidator(z.object({ page: pageParam })),
  component: lazyRouteComponent(() => import('./page'), 'WebhookPage'),
});
