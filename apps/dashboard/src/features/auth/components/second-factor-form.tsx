import { SecondFactorRequest, type SecondFactorChallenge } from '@latchkey/contracts';
import { useState } from 'react';
import { FormError } from '@/components/ui/error-alert';
import { enterCode, OneTimeCodeField, sentCode } from '@/components/domain/one-time-code-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { useApiForm } from '@/lib/api-form';
import { shapeResolver } from '@/lib/shape-resolver';
import { useAnswerSecondFactor } from '../api/answer-second-factor';
import { PasskeySignInButton } from './passkey-sign-in-button';

/** The code typed, under the name of the body field it is sent as. */
interface CodeValues {
  totpCode: string;
  recoveryCode: string;
}

/**
 * The second step of signing in: a code of the authenticator app, or one of
 * the recovery codes, and a passkey below the code form when the account has
 * one. The code is checked before sending with the API's own rules (the
 * contracts' SecondFactorRequest), an empty one in the form's words.
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
  // The field is named as the body names it, so the shape's and the API's refusals land under it.
  const field = withRecoveryCode ? 'recoveryCode' : 'totpCode';
  const toBody = ({ totpCode, recoveryCode }: CodeValues): SecondFactorRequest => {
    const { challengeToken } = challenge;
    return withRecoveryCode
      ? { challengeToken, recoveryCode: sentCode(recoveryCode, true) }
      : { challengeToken, totpCode: sentCode(totpCode) };
  };
  const { form, onSubmit, isSubmitting, rootError } = useApiForm<CodeValues>(
    {
      resolver: shapeResolver(SecondFactorRequest, { [field]: enterCode(withRecoveryCode) }, toBody),
      defaultValues: { totpCode: '', recoveryCode: '' },
    },
    async (values) => {
      await answer.mutateAsync(toBody(values));
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
            name={field}
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
