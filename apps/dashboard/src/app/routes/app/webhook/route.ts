import { WEBHOOK_DELIVERY_STATUSES } from '@latchkey/contracts';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { enumParam, pageParam, searchValidator } from '@/lib/search-params';
import { appRoute } from '../route';

/** One webhook and its delivery log: `/apps/{appId}/webhooks/{webhookId}?status=failed&page=2`. */
export const webhookRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'webhooks/$webhookId',
  validateSearch: searchValidator(z.object({ status: enumParam(WEBHOOK_DELIVERY_STATUSES), page: pageParam })),
  component: lazyRouteComponent(() => import('./page'), 'WebhookPage'),
});
