import { Link } from '@tanstack/react-router';
import { FormError } from '@/components/ui/error-alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { useSignup } from '../api/signup';
import { useCredentialsForm } from '../hooks/use-credentials-form';
import { CredentialsFields } from './credentials-fields';

export function SignUpForm({ onSuccess }: { onSuccess: () => void }) {
  const signupMutation = useSignup({ onSuccess });
  const { form, onSubmit, isSubmitting, rootError } = useCredentialsForm(signupMutation.mutateAsync, true);

  return (
    <form className="stack" onSubmit={onSubmit} aria-labelledby="sign-up-heading" noValidate>
      <h1 id="sign-up-heading">Create an account</h1>
      <FormError message={rootError} />
      <CredentialsFields form={form} signUp />
      <SubmitButton submitting={isSubmitting} label="Create account" pendingLabel="Creating account…" />
      <p className="muted">
        Already have an account? <Link to="/sign-in">Sign in</Link>
      </p>
    </form>
  );
}
