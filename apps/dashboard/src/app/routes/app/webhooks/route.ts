import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from '../route';

export const webhooksRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'webhooks',
  component: lazyRouteComponent(() => import('./page'), 'WebhooksPage'),
});
