import { createRoute, Outlet, redirect, useLocation, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useMe } from '@/features/auth/api/get-me';
import { getToken, useAuthToken, wasSessionExpired } from '@/lib/auth-token';
import { DashboardLayout } from '../../layout';
import { rootRoute } from '../root';

/**
 * Every signed-in page sits under this pathless route. Signed out, a deep link
 * goes to sign-in and comes back after it. The token disappearing later (sign
 * out, or a 401 from any call) re-renders this and leaves for sign-in.
 */
export const dashboardRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'dashboard',
  beforeLoad: ({ location }) => {
    if (getToken() === null) {
      throw redirect({ to: '/sign-in', search: { redirect: location.href }, replace: true });
    }
  },
  component: SignedIn,
});

function SignedIn() {
  const token = useAuthToken();
  const router = useRouter();

  useEffect(() => {
    if (token !== null) return;
    // After an expired session, come back here once signed in again; after a
    // deliberate sign-out, start from the applications. Read once, at the
    // moment the token went away, so the target never points at sign-in.
    const here = router.state.location.href;
    void router.navigate({ to: '/sign-in', search: wasSessionExpired() ? { redirect: here } : {}, replace: true });
  }, [token, router]);

  if (token === null) return null;
  return (
    <DashboardLayout>
      <RoleGate>
        <Outlet />
      </RoleGate>
    </DashboardLayout>
  );
}

/** Where a reseller may be: its console and its account page. */
function resellerMayOpen(pathname: string): boolean {
  return pathname.startsWith('/sell/') || pathname === '/account';
}

/**
 * Shows a page only to the role it is for: a reseller is sent to the console
 * of the app it sells (an owner page is never rendered for it, even for a
 * moment), an owner away from the reseller console. The API refuses the
 * wrong role anyway; this keeps the browser on pages that work.
 */
function RoleGate({ children }: { children: React.ReactNode }) {
  const me = useMe();
  const pathname = useLocation({ select: (location) => location.pathname });
  const router = useRouter();
  const role = me.data?.account.role;
  const soldAppId = me.data?.apps?.[0]?.appId;
  const misplaced =
    role === 'reseller' ? !resellerMayOpen(pathname) : role === 'owner' && pathname.startsWith('/sell/');

  useEffect(() => {
    if (!misplaced) return;
    if (role === 'reseller' && soldAppId) {
      void router.navigate({ to: '/sell/$appId', params: { appId: soldAppId }, replace: true });
    } else if (role === 'owner') {
      void router.navigate({ to: '/apps', replace: true });
    }
  }, [misplaced, role, soldAppId, router]);

  if (!me.data || misplaced) return null;
  return children;
}
