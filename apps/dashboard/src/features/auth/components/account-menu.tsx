import { Link } from '@tanstack/react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { useMe } from '../api/get-me';
import { useLogout } from '../api/logout';
import './account-menu.css';

/** The signed-in account's email (a link to the account page) and the sign-out button. */
export function AccountMenu() {
  const me = useMe();
  const logoutMutation = useLogout();

  return (
    <div className="account-menu">
      {me.data ? (
        <Link to="/account" className="account-email" title="Account and access tokens">
          <span className="muted hide-sm">Signed in as </span>
          <strong data-testid="signed-in-email">{me.data.account.email}</strong>
        </Link>
      ) : me.isError ? null : (
        <Skeleton width="12rem" />
      )}
      <button
        type="button"
        className="button button-secondary button-small"
        onClick={() => logoutMutation.mutate()}
        disabled={logoutMutation.isPending}
      >
        {logoutMutation.isPending ? 'Signing out…' : 'Sign out'}
      </button>
    </div>
  );
}
