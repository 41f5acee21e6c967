import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { getToken } from '@/lib/auth-token';
import { rootRoute } from '../root';

export const signUpRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sign-up',
  beforeLoad: () => {
    if (getToken() !== null) throw redirect({ to: '/apps', replace: true });
  },
  component: lazyRouteComponent(() => import('./page'), 'SignUpPage'),
});
