import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { TextField } from '@/components/text-field';
import { paths } from '@/config/paths';
import { useSignup } from '../api/signup';

export function SignUpForm({ onSuccess }: { onSuccess: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signupMutation = useSignup({ onSuccess });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    signupMutation.mutate({ email: email.trim(), password });
  }

  return (
    <form className="stack" onSubmit={handleSubmit} aria-labelledby="sign-up-heading">
      <h1 id="sign-up-heading">Create an account</h1>
      <ErrorAlert error={signupMutation.error} />
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
        autoComplete="new-password"
        required
        minLength={8}
        maxLength={128}
        hint="8 to 128 characters."
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <button type="submit" className="button button-primary" disabled={signupMutation.isPending}>
        {signupMutation.isPending ? 'Creating account…' : 'Create account'}
      </button>
      <p className="muted">
        Already have an account? <a href={paths.signIn.getHref()}>Sign in</a>
      </p>
    </form>
  );
}
