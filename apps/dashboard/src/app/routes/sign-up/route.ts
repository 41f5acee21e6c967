import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { getToken } from '@/lib/auth-token';
import { searchValidator } from '@/lib/search-params';
import { rootRoute } from '../root';
import { redirectParam } from '../sign-in/route';

/** `redirect`: where to go once the account exists (an invitation link comes back to itself). */
const signUpSearch = z.object({ redirect: redirectParam });

export const signUpRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sign-up',
  validateSearch: searchValidator(signUpSearch),
  beforeLoad: ({ search }: { search: z.output<typeof signUpSearch> }) => {
    if (getToken() !== null) throw redirect({ href: search.redirect ?? '/apps', replace: true });
  },
  component: lazyRouteComponent(() => import('./page'), 'SignUpPage'),
});
