import { useEffect } from 'react';
import { paths } from '@/config/paths';
import { useAuthToken } from '@/lib/auth-token';
import { navigate, useCurrentPath } from '@/lib/navigation';
import { DashboardLayout } from './layout';
import { AppsRoute } from './routes/apps';
import { NotFoundRoute } from './routes/not-found';
import { SignInRoute } from './routes/sign-in';
import { SignUpRoute } from './routes/sign-up';

function Redirect({ to }: { to: string }) {
  useEffect(() => navigate(to, { replace: true }), [to]);
  return null;
}

/**
 * Picks the page for the current hash. Signed-out visitors only reach sign-in
 * and sign-up; a signed-in account is sent past them to the dashboard. The
 * token disappearing (sign-out, or a 401 anywhere) re-renders this and lands
 * on sign-in.
 */
export function AppRouter() {
  const path = useCurrentPath();
  const token = useAuthToken();
  const signedIn = token !== null;

  switch (path) {
    case paths.home.path:
    case '':
      return <Redirect to={signedIn ? paths.apps.getHref() : paths.signIn.getHref()} />;
    case paths.signIn.path:
      return signedIn ? <Redirect to={paths.apps.getHref()} /> : <SignInRoute />;
    case paths.signUp.path:
      return signedIn ? <Redirect to={paths.apps.getHref()} /> : <SignUpRoute />;
    case paths.apps.path:
      return signedIn ? (
        <DashboardLayout current={path}>
          <AppsRoute />
        </DashboardLayout>
      ) : (
        <Redirect to={paths.signIn.getHref()} />
      );
    default:
      return <NotFoundRoute />;
  }
}
