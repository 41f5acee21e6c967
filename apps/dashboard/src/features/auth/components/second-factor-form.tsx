import type { SecondFactorChallenge } from '@latchkey/contracts';
import { useState } from 'react';
import { FormError } from '@/components/ui/error-alert';
import { OneTimeCodeField } from '@/components/domain/one-time-code-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { useApiForm } from '@/lib/api-form';
import { useAnswerSecondFactor } from '../api/answer-second-factor';
import { PasskeySignInButton } from './passkey-sign-in-button';

/**
 * The second step of signing in: a code of the authenticator app, or one of
 * the recovery codes, and a passkey below the code form when the account has
 * one.
 */
export function SecondFactorForm({
  challenge,
  onSuccess,
  onRestart,
  sameAccount = false,
  inDialog = false,
}: {
  challenge: SecondFactorChallenge;
  onSuccess: () => void;
  /** back to email and password (the challenge expired, or another account) */
  onRestart: () => void;
  /** the signed-in account confirming itself: its data stays (useAnswerSecondFactor) */
  sameAccount?: boolean;
  /** inside a dialog that has its own title: no page heading, and "back" returns to its password step */
  inDialog?: boolean;
}) {
  const takesCodes = challenge.methods.includes('totp');
  const [withRecoveryCode, setWithRecoveryCode] = useState(false);
  const answer = useAnswerSecondFactor({ onSuccess, sameAccount });
  const { form, onSubmit, isSubmitting, rootError } = useApiForm<{ code: string }>(
    { defaultValues: { code: '' } },
    async ({ code }) => {
      const { challengeToken } = challenge;
      await answer.mutateAsync(
        withRecoveryCode
          ? { challengeToken, recoveryCode: code.trim() }
          : { challengeToken, totpCode: code.replace(/\s+/g, '') },
      );
    },
  );

  return (
    <div className="stack">
      {inDialog ? null : <h1 id="second-factor-heading">Two-factor authentication</h1>}
      {takesCodes ? (
        <form
          className="stack"
          onSubmit={onSubmit}
          {...(inDialog
            ? { 'aria-label': 'Two-factor authentication' }
            : { 'aria-labelledby': 'second-factor-heading' })}
          noValidate
        >
          <p className="muted">
            {withRecoveryCode
              ? 'Enter one of your recovery codes. Each one works once.'
              : 'Enter the 6-digit code your authenticator app shows for Latchkey.'}
          </p>
          <FormError message={rootError} />
          <OneTimeCodeField
            key={withRecoveryCode ? 'recovery' : 'totp'}
            form={form}
            name="code"
            recovery={withRecoveryCode}
            label={withRecoveryCode ? 'Recovery code' : 'Authentication code'}
            autoFocus
          />
          <SubmitButton submitting={isSubmitting} label="Verify" pendingLabel="Verifying…" />
          <button
            type="button"
            className="button button-ghost"
            onClick={() => {
              setWithRecoveryCode(!withRecoveryCode);
              form.reset();
            }}
          >
            {withRecoveryCode ? 'Use your authenticator app' : 'Use a recovery code'}
          </button>
        </form>
      ) : null}
      {challenge.methods.includes('passkey') ? (
        <PasskeySignInButton
          onSuccess={onSuccess}
          challengeToken={challenge.challengeToken}
          label="Use a passkey"
          sameAccount={sameAccount}
        />
      ) : null}
      <button type="button" className="button button-ghost" onClick={onRestart}>
        {inDialog ? 'Back to password' : 'Back to sign-in'}
      </button>
    </div>
  );
}
