import type { PortalBranding, PortalSignInMethod, PortalSignInRequest } from '@latchkey/contracts';
import { useState, type FormEvent } from 'react';
import { FormError } from '@/components/ui/error-alert';
import { TextField } from '@/components/ui/form-fields';
import { SubmitButton } from '@/components/ui/submit-button';
import { portalApi, setPortalToken } from '../api/portal-client';

const METHOD_LABELS: Record<PortalSignInMethod, string> = {
  key: 'License key',
  password: 'Username',
  email: 'Email code',
};

/** Sign-in with what the customer holds: a key, a username and password, or a code sent to their email. */
export function PortalSignIn({
  publicId,
  branding,
  onSignedIn,
}: {
  publicId: string;
  branding: PortalBranding;
  onSignedIn: () => void;
}) {
  const [method, setMethod] = useState<PortalSignInMethod>(branding.signInMethods[0] ?? 'key');
  const [fields, setFields] = useState({ key: '', username: '', password: '', email: '', code: '' });
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [codeSent, setCodeSent] = useState(false);
  const set = (name: keyof typeof fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    setBusy(true);
    try {
      if (method === 'email' && !codeSent) {
        const sent = await portalApi.requestCode(publicId, fields.email);
        setNotice(sent.message);
        setCodeSent(true);
        return;
      }
      const body: PortalSignInRequest =
        method === 'key'
          ? { method, key: fields.key }
          : method === 'password'
            ? { method, username: fields.username, password: fields.password }
            : { method, email: fields.email, code: fields.code };
      const result = await portalApi.signIn(publicId, body);
      setPortalToken(publicId, result.token);
      onSignedIn();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="stack portal-card" onSubmit={submit} noValidate>
      <h2>Sign in</h2>
      {branding.signInMethods.length > 1 ? (
        <div className="portal-methods" role="tablist" aria-label="Sign in with">
          {branding.signInMethods.map((m) => (
            <button
              key={m}
              type="button"
              role="tab"
              aria-selected={m === method}
              className={m === method ? 'button button-primary button-small' : 'button button-secondary button-small'}
              onClick={() => {
                setMethod(m);
                setError(undefined);
              }}
            >
              {METHOD_LABELS[m]}
            </button>
          ))}
        </div>
      ) : null}
      {method === 'key' ? (
        <TextField label="License key" autoComplete="off" spellCheck={false} value={fields.key} onChange={set('key')} />
      ) : null}
      {method === 'password' ? (
        <>
          <TextField label="Username" autoComplete="username" value={fields.username} onChange={set('username')} />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            value={fields.password}
            onChange={set('password')}
          />
        </>
      ) : null}
      {method === 'email' ? (
        <>
          <TextField label="Email" type="email" autoComplete="email" value={fields.email} onChange={set('email')} />
          {codeSent ? (
            <TextField
              label="Code from the email"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={fields.code}
              onChange={set('code')}
            />
          ) : null}
          {notice ? <p className="muted">{notice}</p> : null}
        </>
      ) : null}
      <FormError message={error} />
      <SubmitButton
        submitting={busy}
        label={method === 'email' && !codeSent ? 'Send me a code' : 'Sign in'}
        pendingLabel="Working…"
      />
    </form>
  );
}
