import { useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { useTwoFactor } from '../api/get-two-factor';
import { RecoveryCodesNotice } from './recovery-codes-notice';
import { TotpEnrolment } from './totp-enrolment';
import { DisableTotpDialog, RegenerateRecoveryCodesDialog } from './two-factor-dialogs';
import '@/components/ui/badge.css';
import './two-factor.css';

/** Two-factor sign-in with an authenticator app: set up, recovery codes, turn off. */
export function TwoFactorSection() {
  const status = useTwoFactor();
  // Recovery codes just made: shown once, until dismissed.
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [dialog, setDialog] = useState<'disable' | 'regenerate' | null>(null);

  return (
    <section className="card stack" aria-labelledby="two-factor-heading">
      <h2 id="two-factor-heading">Two-factor authentication</h2>
      {status.error ? <ErrorAlert error={status.error} /> : null}
      {recoveryCodes ? <RecoveryCodesNotice codes={recoveryCodes} onDismiss={() => setRecoveryCodes(null)} /> : null}
      {status.isPending ? (
        <Skeleton height="3em" />
      ) : status.data?.totpEnabled ? (
        <>
          <p>
            <span className="badge badge-success">On</span> Sign-in asks for a code from your authenticator app.{' '}
            <span className="muted">{recoveryCodesLeft(status.data.recoveryCodesLeft)}</span>
          </p>
          <div className="button-row">
            <button type="button" className="button button-secondary" onClick={() => setDialog('regenerate')}>
              New recovery codes
            </button>
            <button type="button" className="button button-danger" onClick={() => setDialog('disable')}>
              Turn off
            </button>
          </div>
        </>
      ) : status.data ? (
        <TotpEnrolment onEnabled={setRecoveryCodes} />
      ) : null}
      {dialog === 'disable' ? <DisableTotpDialog onClose={() => setDialog(null)} /> : null}
      {dialog === 'regenerate' ? (
        <RegenerateRecoveryCodesDialog onClose={() => setDialog(null)} onCodes={setRecoveryCodes} />
      ) : null}
    </section>
  );
}

function recoveryCodesLeft(left: number): string {
  if (left === 0) return 'No recovery codes left: make new ones.';
  return left === 1 ? '1 recovery code left.' : `${left} recovery codes left.`;
}
