import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { getToken } from '@/lib/auth-token';
import { searchValidator } from '@/lib/search-params';
import { rootRoute } from '../root';

/** Where to go after signing in: a path of this dashboard only, never another origin. */
export const redirectParam = z.catch(
  z.optional(z.string().check(z.regex(/^\/(?![/\\])/, 'must be a path of the dashboard'))),
  undefined,
);

const signInSearch = z.object({ redirect: redirectParam });

export const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sign-in',
  validateSearch: searchValidator(signInSearch),
  // Typed here: inferring it would go through the router's own type, which includes this route.
  beforeLoad: ({ search }: { search: z.output<typeof signInSearch> }) => {
    if (getToken() !== null) throw redirect({ href: search.redirect ?? '/apps', replace: true });
  },
  component: lazyRouteComponent(() => import('./page'), 'SignInPage'),
});
