import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { TextField } from '@/components/text-field';
import { paths } from '@/config/paths';
import { wasSessionExpired } from '@/lib/auth-token';
import { useLogin } from '../api/login';

export function SignInForm({ onSuccess }: { onSuccess: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [expired] = useState(wasSessionExpired);
  const loginMutation = useLogin({ onSuccess });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    loginMutation.mutate({ email: email.trim(), password });
  }

  return (
    <form className="stack" onSubmit={handleSubmit} aria-labelledby="sign-in-heading">
      <h1 id="sign-in-heading">Sign in</h1>
      {expired && !loginMutation.error ? (
        <p className="alert alert-info" role="status">
          Your session has ended. Sign in again to continue.
        </p>
      ) : null}
      <ErrorAlert error={loginMutation.error} />
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="username"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <button type="submit" className="button button-primary" disabled={loginMutation.isPending}>
        {loginMutation.isPending ? 'Signing in…' : 'Sign in'}
      </button>
      <p className="muted">
        No account yet? <a href={paths.signUp.getHref()}>Create an account</a>
      </p>
    </form>
  );
}
