import type { AdminLoginRequest } from '@latchkey/contracts';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormError } from '@/components/ui/error-alert';
import { TextField } from '@/components/ui/form-fields';
import { applyApiError } from '@/lib/api-form';
import { wasSessionExpired } from '@/lib/auth-token';
import { useLogin } from '../api/login';

export function SignInForm({ onSuccess }: { onSuccess: () => void }) {
  const [expired] = useState(wasSessionExpired);
  const form = useForm<AdminLoginRequest>({ defaultValues: { email: '', password: '' } });
  const loginMutation = useLogin({ onSuccess });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    loginMutation.mutateAsync({ email: values.email.trim(), password: values.password }).catch((error: unknown) => {
      applyApiError(form, error);
    }),
  );

  return (
    <form className="stack" onSubmit={(e) => void submit(e)} aria-labelledby="sign-in-heading" noValidate>
      <h1 id="sign-in-heading">Sign in</h1>
      {expired && !errors.root ? (
        <p className="alert alert-info" role="status">
          Your session has ended. Sign in again to continue.
        </p>
      ) : null}
      <FormError message={errors.root?.server?.message} />
      <TextField
        label="Email"
        type="email"
        autoComplete="username"
        error={errors.email?.message}
        {...form.register('email', { required: 'Enter your email' })}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password', { required: 'Enter your password' })}
      />
      <button type="submit" className="button button-primary" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Signing in…' : 'Sign in'}
      </button>
      <p className="muted">
        No account yet? <Link to="/sign-up">Create an account</Link>
      </p>
    </form>
  );
}
