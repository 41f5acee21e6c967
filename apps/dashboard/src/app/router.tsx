// The dashboard's routes, code-based (TanStack Router): each route's file
// holds its path, validated search params and a lazily loaded page, so every
// page is its own chunk. Add a page: create routes/<name>/route.ts and page.tsx
// and list the route here (docs/decisions/dashboard.md, "Router", says why).
import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { toast } from '@/lib/toast';
import { parseSearch, stringifySearch } from '@/lib/search-params';
import { accountRoute } from './routes/account/route';
import { blacklistRoute } from './routes/app/blacklist/route';
import { filesRoute } from './routes/app/files/route';
import { licensesRoute } from './routes/app/licenses/route';
import { logsRoute } from './routes/app/logs/route';
import { membersRoute } from './routes/app/members/route';
import { overviewRoute } from './routes/app/overview/route';
import { appRoute } from './routes/app/route';
import { resellerRoute } from './routes/app/reseller/route';
import { resellersRoute } from './routes/app/resellers/route';
import { sessionsRoute } from './routes/app/sessions/route';
import { settingsRoute } from './routes/app/settings/route';
import { storeRoute } from './routes/app/store/route';
import { storeConnectionRoute } from './routes/app/store-connection/route';
import { storeConnectionsRoute } from './routes/app/store-connections/route';
import { storeEventsRoute } from './routes/app/store-events/route';
import { storeOrderRoute } from './routes/app/store-order/route';
import { userRoute } from './routes/app/user/route';
import { usersRoute } from './routes/app/users/route';
import { variablesRoute } from './routes/app/variables/route';
import { jobsRoute } from './routes/app/jobs/route';
import { keyAuthImportRoute } from './routes/app/keyauth-import/route';
import { keyAuthRoute } from './routes/app/keyauth/route';
import { webhookRoute } from './routes/app/webhook/route';
import { webhooksRoute } from './routes/app/webhooks/route';
import { appsRoute } from './routes/apps/route';
import { dashboardRoute } from './routes/dashboard/route';
import { indexRoute } from './routes/index-route';
import { inviteRoute } from './routes/invite/route';
import { portalRoute } from './routes/portal/route';
import { orderRoute } from './routes/order/route';
import { rootRoute } from './routes/root';
import { sellRoute } from './routes/sell/route';
import { signInRoute } from './routes/sign-in/route';
import { signUpRoute } from './routes/sign-up/route';

const routeTree = rootRoute.addChildren([
  indexRoute,
  signInRoute,
  signUpRoute,
  inviteRoute,
  portalRoute,
  orderRoute,
  dashboardRoute.addChildren([
    appsRoute,
    accountRoute,
    sellRoute,
    appRoute.addChildren([
      overviewRoute,
      licensesRoute,
      resellersRoute,
      resellerRoute,
      storeRoute,
      storeOrderRoute,
      storeConnectionsRoute,
      storeConnectionRoute,
      storeEventsRoute,
      usersRoute,
      userRoute,
      sessionsRoute,
      variablesRoute,
      jobsRoute,
      keyAuthRoute,
      keyAuthImportRoute,
      blacklistRoute,
      filesRoute,
      webhooksRoute,
      webhookRoute,
      logsRoute,
      membersRoute,
      settingsRoute,
    ]),
  ]),
]);

export function createAppRouter(queryClient: QueryClient) {
  const router = createRouter({
    routeTree,
    context: { queryClient },
    parseSearch,
    stringifySearch,
    // Hovering or focusing a link loads that page's chunk ahead of the click.
    defaultPreload: 'intent',
    scrollRestoration: true,
  });
  // Toasts belong to the page they were shown on; a filter or page number in the URL is the same page.
  router.subscribe('onBeforeNavigate', ({ pathChanged }) => {
    if (pathChanged) toast.clear();
  });
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
