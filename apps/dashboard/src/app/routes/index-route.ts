import { createRoute, redirect } from '@tanstack/react-router';
import { getToken } from '@/lib/auth-token';
import { rootRoute } from './root';

/** `/` goes to the applications when signed in, to sign-in otherwise. */
export const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: getToken() === null ? '/sign-in' : '/apps', replace: true });
  },
});
