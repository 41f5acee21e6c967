import { Link, getRouteApi } from '@tanstack/react-router';
import { ErrorAlert } from '@/components/ui/error-alert';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { SessionsTable } from '@/features/sessions/components/sessions-table';
import { useUser } from '@/features/users/api/get-user';
import { UserActions } from '@/features/users/components/user-actions';
import { UserDetails } from '@/features/users/components/user-details';
import { pageSetter } from '@/lib/search-params';
import { UserVariablesSection } from '@/features/user-variables/components/user-variables-section';
import { useDocumentTitle } from '@/lib/use-document-title';

const userRoute = getRouteApi('/dashboard/apps/$appId/users/$userId');

export function UserPage() {
  const { appId, userId } = userRoute.useParams();
  const { page = 1 } = userRoute.useSearch();
  const navigate = userRoute.useNavigate();
  const userQuery = useUser(appId, userId);
  const user = userQuery.data;
  useDocumentTitle(user ? `User ${user.username}` : 'User');

  return (
    <>
      <p className="breadcrumb">
        <Link to="/apps/$appId/users" params={{ appId }}>
          Users
        </Link>
        <span aria-hidden="true"> / </span>
      </p>
      <PageHeader
        title={user ? user.username : 'User'}
        actions={
          user ? (
            <UserActions
              appId={appId}
              user={user}
              layout="buttons"
              onDeleted={() => navigate({ to: '/apps/$appId/users', params: { appId } })}
            />
          ) : null
        }
      />
      <ErrorAlert error={userQuery.error} title="Could not load the user" />
      {user ? <UserDetails appId={appId} user={user} /> : userQuery.isPending ? <Skeleton height="12rem" /> : null}
      <h2>Live sessions</h2>
      <SessionsTable appId={appId} userId={userId} paging={{ page, onPageChange: pageSetter(navigate) }} />
      <UserVariablesSection appId={appId} userId={userId} />
    </>
  );
}
