import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from '../route';

export const filesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'files',
  component: lazyRouteComponent(() => import('./page'), 'FilesPage'),
});
