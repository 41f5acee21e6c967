import { Link, useNavigate, getRouteApi } from '@tanstack/react-router';
import { DateTime } from '@/components/ui/date-time';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { useMe } from '@/features/auth/api/get-me';
import { useAcceptInvitation, useInvitationPreview } from '@/features/members/api/invitation-link';
import { ROLE_LABELS, ROLE_SUMMARIES } from '@/components/domain/role-badge';
import { ApiError } from '@/lib/api-client';
import { useAuthToken } from '@/lib/auth-token';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AuthLayout } from '../../layout';

const inviteRoute = getRouteApi('/invite/$token');

/** What the link can no longer do, from the API's refusal of the preview. */
function deadLinkMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 404) return 'This invitation link is not valid. Ask for a new one.';
  if (error.status === 410) return 'This invitation has expired or was already used. Ask for a new one.';
  return null;
}

export function InvitePage() {
  useDocumentTitle('Invitation');
  const { token } = inviteRoute.useParams();
  const preview = useInvitationPreview(token);
  const signedIn = useAuthToken() !== null;
  const here = `/invite/${encodeURIComponent(token)}`;
  const dead = deadLinkMessage(preview.error);

  return (
    <AuthLayout>
      <div className="stack">
        <h1>Invitation</h1>
        {dead ? (
          <p className="alert alert-error" role="alert">
            {dead}
          </p>
        ) : (
          <ErrorAlert error={preview.error} title="Could not read the invitation" />
        )}
        {preview.isPending ? <Skeleton height="6em" /> : null}
        {preview.data ? (
          <>
            <p data-testid="invitation-summary">
              <strong className="break">{preview.data.inviterEmail}</strong> invites you to join{' '}
              <strong className="break">{preview.data.appName}</strong> as{' '}
              <strong>{ROLE_LABELS[preview.data.role].toLowerCase()}</strong>.
            </p>
            <p className="muted">
              {ROLE_SUMMARIES[preview.data.role]} The link works once and expires{' '}
              <DateTime value={preview.data.expiresAt} />.
            </p>
            {signedIn ? (
              <AcceptInvitation token={token} />
            ) : (
              <>
                <p>Create an account or sign in, then accept the invitation.</p>
                <div className="button-row">
                  <Link to="/sign-up" search={{ redirect: here }} className="button button-primary">
                    Create an account
                  </Link>
                  <Link to="/sign-in" search={{ redirect: here }} className="button button-secondary">
                    Sign in
                  </Link>
                </div>
              </>
            )}
          </>
        ) : null}
      </div>
    </AuthLayout>
  );
}

/** The signed-in account joins the app and lands on it. */
function AcceptInvitation({ token }: { token: string }) {
  const me = useMe();
  const accept = useAcceptInvitation();
  const navigate = useNavigate();

  return (
    <>
      <ErrorAlert error={accept.error} title="Could not accept the invitation" />
      <p>
        Signed in as <strong className="break">{me.data?.account.email ?? '…'}</strong>.
      </p>
      <div className="button-row">
        <button
          type="button"
          className="button button-primary"
          disabled={accept.isPending}
          onClick={() =>
            accept.mutate(token, {
              onSuccess: ({ appId }) => void navigate({ to: '/apps/$appId', params: { appId }, replace: true }),
            })
          }
        >
          {accept.isPending ? 'Joining…' : 'Accept invitation'}
        </button>
        <Link to="/apps" className="button button-secondary">
          Not now
        </Link>
      </div>
    </>
  );
}
