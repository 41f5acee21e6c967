import type { AdminLoginRequest } from '@latchkey/contracts';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { FormError } from '@/components/ui/error-alert';
import { TextField } from '@/components/ui/form-fields';
import { useApiForm } from '@/lib/api-form';
import { wasSessionExpired } from '@/lib/auth-token';
import { useLogin } from '../api/login';

export function SignInForm({ onSuccess }: { onSuccess: () => void }) {
  const [expired] = useState(wasSessionExpired);
  const loginMutation = useLogin({ onSuccess });
  const { form, onSubmit, errors, isSubmitting, rootError } = useApiForm<AdminLoginRequest>(
    { defaultValues: { email: '', password: '' } },
    async (values) => {
      await loginMutation.mutateAsync({ email: values.email.trim(), password: values.password });
    },
  );

  return (
    <form className="stack" onSubmit={onSubmit} aria-labelledby="sign-in-heading" noValidate>
      <h1 id="sign-in-heading">Sign in</h1>
      {expired && !errors.root ? (
        <p className="alert alert-info" role="status">
          Your session has ended. Sign in again to continue.
        </p>
      ) : null}
      <FormError message={rootError} />
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
      <button type="submit" className="button button-primary" disabled={isSubmitting}>
        {isSubmitting ? 'Signing in…' : 'Sign in'}
      </button>
      <p className="muted">
        No account yet? <Link to="/sign-up">Create an account</Link>
      </p>
    </form>
  );
}
