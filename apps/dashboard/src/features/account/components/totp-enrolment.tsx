import { TotpCodeRequest } from '@latchkey/contracts';
import { useState } from 'react';
import { ErrorAlert, FormError } from '@/components/ui/error-alert';
import { enterCode, OneTimeCodeField, sentCode } from '@/components/domain/one-time-code-field';
import { SecretField } from '@/components/ui/secret-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { useApiForm } from '@/lib/api-form';
import { shapeResolver } from '@/lib/shape-resolver';
import { useConfirmTotp } from '../api/confirm-totp';
import { useEnrolTotp } from '../api/enrol-totp';

/**
 * Setting up an authenticator app: a new secret as a QR code and as text to
 * type, then the app's first code turns two-factor sign-in on. `onEnabled`
 * gets the recovery codes, which are shown once.
 */
export function TotpEnrolment({ onEnabled }: { onEnabled: (recoveryCodes: string[]) => void }) {
  const enrol = useEnrolTotp();
  const confirm = useConfirmTotp();
  const toBody = ({ code }: { code: string }): TotpCodeRequest => ({ code: sentCode(code) });
  const { form, onSubmit, isSubmitting, rootError } = useApiForm<{ code: string }>(
    { resolver: shapeResolver(TotpCodeRequest, { code: enterCode() }, toBody), defaultValues: { code: '' } },
    async (values) => {
      const { recoveryCodes } = await confirm.mutateAsync(toBody(values));
      onEnabled(recoveryCodes);
      return 'Two-factor authentication is on';
    },
  );
  const [started, setStarted] = useState(false);
  const enrolment = enrol.data;

  if (!started || !enrolment) {
    return (
      <div className="stack">
        <p className="muted">
          Sign-in asks for a code from an authenticator app (1Password, Google Authenticator, Authy…) after your
          password.
        </p>
        {enrol.error ? <ErrorAlert error={enrol.error} /> : null}
        <div className="button-row">
          <button
            type="button"
            className="button button-primary"
            disabled={enrol.isPending}
            onClick={() => {
              setStarted(true);
              enrol.mutate();
            }}
          >
            {enrol.isPending ? 'Starting…' : 'Set up an authenticator app'}
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className="stack">
      <p>Scan this QR code with your authenticator app, or type the setup key into it.</p>
      <img
        className="totp-qr"
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrCodeSvg)}`}
        alt="QR code of the authenticator app setup"
        width={200}
        height={200}
      />
      <div className="field">
        <SecretField label="Setup key" value={enrolment.secret} copiedMessage="Setup key copied." />
      </div>
      <form className="stack" onSubmit={onSubmit} aria-label="Confirm authenticator app" noValidate>
        <FormError message={rootError} />
        <div className="form-row">
          <OneTimeCodeField form={form} name="code" />
          <div className="form-row-action">
            <SubmitButton submitting={isSubmitting} label="Turn on" pendingLabel="Checking…" />
          </div>
        </div>
      </form>
      <div className="button-row">
        <button type="button" className="button button-ghost" onClick={() => setStarted(false)}>
          Cancel
        </button>
      </div>
    </div>
  );
}
