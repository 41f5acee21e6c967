import { AccountLimits, type SignupRequest } from '@latchkey/contracts';
import { Link } from '@tanstack/react-router';
import { FormError } from '@/components/ui/error-alert';
import { TextField } from '@/components/ui/form-fields';
import { useApiForm } from '@/lib/api-form';
import { useSignup } from '../api/signup';

const { passwordMin: PASSWORD_MIN, passwordMax: PASSWORD_MAX } = AccountLimits;

export function SignUpForm({ onSuccess }: { onSuccess: () => void }) {
  const signupMutation = useSignup({ onSuccess });
  const { form, onSubmit, errors, isSubmitting, rootError } = useApiForm<SignupRequest>(
    { defaultValues: { email: '', password: '' } },
    async (values) => {
      await signupMutation.mutateAsync({ email: values.email.trim(), password: values.password });
    },
  );

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
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`}
        error={errors.password?.message}
        {...form.register('password', {
          required: 'Choose a password',
          minLength: { value: PASSWORD_MIN, message: `Use at least ${PASSWORD_MIN} characters` },
          maxLength: { value: PASSWORD_MAX, message: `Use at most ${PASSWORD_MAX} characters` },
        })}
      />
      <button type="submit" className="button button-primary" disabled={isSubmitting}>
        {isSubmitting ? 'Creating account…' : 'Create account'}
      </button>
      <p className="muted">
        Already have an account? <Link to="/sign-in">Sign in</Link>
      </p>
    </form>
  );
}
