import { AdminLoginRequest, isSecondFactorChallenge, type SecondFactorChallenge } from '@latchkey/contracts';
import { useState } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/error-alert';
import { PasswordField } from '@/components/ui/password-field';
import { Skeleton } from '@/components/ui/skeleton';
import { SubmitButton } from '@/components/ui/submit-button';
import { useApiForm } from '@/lib/api-form';
import { shapeResolver } from '@/lib/shape-resolver';
import { getToken } from '@/lib/auth-token';
import { type RecentSignInRequest, useRecentSignInRequest } from '@/lib/recent-sign-in';
import { useMe } from '../api/get-me';
import { useLogin } from '../api/login';
import { logout } from '../api/logout';
import { SecondFactorForm } from './second-factor-form';

/**
 * "Confirm it's you": shown when a change to how the account signs in
 * (a passkey, two-factor, recovery codes, a personal token, the password)
 * needs a sign-in of the last few minutes. The account signs in again with
 * its password and second factor; the new token replaces the old one, which
 * is revoked, and the change goes through. Mounted once for signed-in pages.
 */
export function RecentSignInDialog() {
  const request = useRecentSignInRequest();
  return (
    <Dialog
      open={request !== null}
      onOpenChange={(open) => (open ? undefined : request?.cancelled())}
      title="Confirm it’s you"
      description="Changes to how you sign in need a recent sign-in. Enter your password to continue."
      restoreFocus={false}
    >
      {request ? <SignInAgain request={request} /> : null}
    </Dialog>
  );
}

/** An empty password in the form's own words (the API's would be its length rule). */
const ENTER_PASSWORD = { password: (password: string) => password !== '' || 'Enter your password' };

function SignInAgain({ request }: { request: RecentSignInRequest }) {
  const email = useMe().data?.account.email;
  const [replaced] = useState(getToken);
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);
  const done = () => {
    // The sign-in it replaced ends here; a failure to revoke it leaves it to expire.
    if (replaced) logout(replaced).catch(() => undefined);
    request.confirmed();
  };
  const login = useLogin({
    onSuccess: (answer) => (isSecondFactorChallenge(answer) ? setChallenge(answer) : done()),
    sameAccount: true,
  });
  // The body is the account's email and the password typed; checked with the API's rules before sending.
  const toBody = ({ password }: { password: string }): AdminLoginRequest => ({ email: email ?? '', password });
  const { form, onSubmit, isSubmitting, rootError } = useApiForm<{ password: string }>(
    { resolver: shapeResolver(AdminLoginRequest, ENTER_PASSWORD, toBody), defaultValues: { password: '' } },
    async (values) => {
      if (!email) throw new Error('Your account is still loading. Try again in a moment.');
      await login.mutateAsync(toBody(values));
    },
  );

  if (challenge) {
    return (
      <SecondFactorForm
        challenge={challenge}
        onSuccess={done}
        onRestart={() => setChallenge(null)}
        sameAccount
        inDialog
      />
    );
  }
  // The password is sent with the account's email: the form waits for it.
  if (!email) return <Skeleton height="6em" />;
  return (
    <form className="stack" onSubmit={onSubmit} aria-label="Confirm your password" noValidate>
      <p>
        Signed in as <strong>{email}</strong>
      </p>
      <FormError message={rootError} />
      <PasswordField form={form} name="password" current />
      <div className="dialog-footer">
        <button type="button" className="button button-secondary" onClick={request.cancelled}>
          Cancel
        </button>
        <SubmitButton submitting={isSubmitting} label="Confirm" pendingLabel="Checking…" />
      </div>
    </form>
  );
}
