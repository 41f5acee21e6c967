import type { SignupRequest } from '@latchkey/contracts';
import { Link } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { FormError } from '@/components/ui/error-alert';
import { TextField } from '@/components/ui/form-fields';
import { applyApiError } from '@/lib/api-form';
import { useSignup } from '../api/signup';

const PASSWORD_MIN = 8;
const PASSWORD_MAX = 128;

export function SignUpForm({ onSuccess }: { onSuccess: () => void }) {
  const form = useForm<SignupRequest>({ defaultValues: { email: '', password: '' } });
  const signupMutation = useSignup({ onSuccess });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    signupMutation.mutateAsync({ email: values.email.trim(), password: values.password }).catch((error: unknown) => {
      applyApiError(form, error);
    }),
  );

  return (
    <form className="stack" onSubmit={(e) => void submit(e)} aria-labelledby="sign-up-heading" noValidate>
      <h1 id="sign-up-heading">Create an account</h1>
      <FormError message={errors.root?.server?.message} />
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
      <button type="submit" className="button button-primary" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Creating account…' : 'Create account'}
      </button>
      <p className="muted">
        Already have an account? <Link to="/sign-in">Sign in</Link>
      </p>
    </form>
  );
}
