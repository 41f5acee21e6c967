import { isSecondFactorChallenge, type SecondFactorChallenge } from '@latchkey/contracts';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { FormError } from '@/components/ui/error-alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { wasSessionExpired } from '@/lib/auth-token';
import { useLogin } from '../api/login';
import { useCredentialsForm } from '../hooks/use-credentials-form';
import { CredentialsFields } from './credentials-fields';
import { PasskeySignInButton } from './passkey-sign-in-button';
import { SecondFactorForm } from './second-factor-form';

export function SignInForm({ onSuccess }: { onSuccess: () => void }) {
  const [expired] = useState(wasSessionExpired);
  // Set when the password was right and the account has a second factor to answer with.
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);
  const loginMutation = useLogin({
    onSuccess: (answer) => (isSecondFactorChallenge(answer) ? setChallenge(answer) : onSuccess()),
  });
  const { form, onSubmit, errors, isSubmitting, rootError } = useCredentialsForm(loginMutation.mutateAsync);

  if (challenge) {
    return <SecondFactorForm challenge={challenge} onSuccess={onSuccess} onRestart={() => setChallenge(null)} />;
  }
  return (
    <form className="stack" onSubmit={onSubmit} aria-labelledby="sign-in-heading" noValidate>
      <h1 id="sign-in-heading">Sign in</h1>
      {expired && !errors.root ? (
        <p className="alert alert-info" role="status">
          Your session has ended. Sign in again to continue.
        </p>
      ) : null}
      <FormError message={rootError} />
      <CredentialsFields form={form} />
      <SubmitButton submitting={isSubmitting} label="Sign in" pendingLabel="Signing in…" />
      <PasskeySignInButton onSuccess={onSuccess} />
      <p className="muted">
        No account yet? <Link to="/sign-up">Create an account</Link>
      </p>
    </form>
  );
}
