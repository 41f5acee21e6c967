import { createRoute, Outlet, redirect, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
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
      <Outlet />
    </DashboardLayout>
  );
}
