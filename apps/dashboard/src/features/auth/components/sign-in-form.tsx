import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { FormError } from '@/components/ui/error-alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { wasSessionExpired } from '@/lib/auth-token';
import { useLogin } from '../api/login';
import { useCredentialsForm } from '../hooks/use-credentials-form';
import { CredentialsFields } from './credentials-fields';
import { PasskeySignInButton } from './passkey-sign-in-button';

export function SignInForm({ onSuccess }: { onSuccess: () => void }) {
  const [expired] = useState(wasSessionExpired);
  const loginMutation = useLogin({ onSuccess });
  const { form, onSubmit, errors, isSubmitting, rootError } = useCredentialsForm(loginMutation.mutateAsync);

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
