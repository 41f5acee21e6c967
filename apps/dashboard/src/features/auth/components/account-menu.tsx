import { ErrorAlert } from '@/components/error-alert';
import { useMe } from '../api/get-me';
import { useLogout } from '../api/logout';

/** The signed-in account's email and the sign-out button, for the page header. */
export function AccountMenu() {
  const me = useMe();
  const logoutMutation = useLogout();

  return (
    <div className="account-menu">
      {me.data ? (
        <span className="account-email">
          <span className="muted">Signed in as </span>
          <strong data-testid="signed-in-email">{me.data.account.email}</strong>
        </span>
      ) : me.isError ? (
        <ErrorAlert error={me.error} />
      ) : (
        <span className="muted">Loading account…</span>
      )}
      <button
        type="button"
        className="button button-secondary"
        onClick={() => logoutMutation.mutate()}
        disabled={logoutMutation.isPending}
      >
        {logoutMutation.isPending ? 'Signing out…' : 'Sign out'}
      </button>
    </div>
  );
}
