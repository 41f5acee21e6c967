import { AccountLimits } from '@latchkey/contracts';
import { Link } from '@tanstack/react-router';
import { FormError } from '@/components/ui/error-alert';
import { TextField } from '@/components/ui/form-fields';
import { PasswordField } from '@/components/ui/password-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { useSignup } from '../api/signup';
import { useCredentialsForm } from '../hooks/use-credentials-form';

const { passwordMin: PASSWORD_MIN, passwordMax: PASSWORD_MAX } = AccountLimits;

export function SignUpForm({ onSuccess }: { onSuccess: () => void }) {
  const signupMutation = useSignup({ onSuccess });
  const { form, onSubmit, errors, isSubmitting, rootError } = useCredentialsForm(signupMutation.mutateAsync);

  return (
    <form className="stack" onSubmit={onSubmit} aria-labelledby="sign-up-heading" noValidate>
      <h1 id="sign-up-heading">Create an account</h1>
      <FormError message={rootError} />
      <TextField
        label="Email"
        type="email"
        autoComplete="username"
        error={errors.email?.message}
        {...form.register('email', {
          required: 'Enter your email',
          pattern: { value: /^[^\s@]+@[^\s@]+$/, message: 'Enter an email address' },
        })}
      />
      <PasswordField
        form={form}
        name="password"
        hint={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`}
        rules={{
          required: 'Choose a password',
          minLength: { value: PASSWORD_MIN, message: `Use at least ${PASSWORD_MIN} characters` },
          maxLength: { value: PASSWORD_MAX, message: `Use at most ${PASSWORD_MAX} characters` },
        }}
      />
      <SubmitButton submitting={isSubmitting} label="Create account" pendingLabel="Creating account…" />
      <p className="muted">
        Already have an account? <Link to="/sign-in">Sign in</Link>
      </p>
    </form>
  );
}
