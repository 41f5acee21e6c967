import { DisableTotpRequest, TotpCodeRequest } from '@latchkey/contracts';
import { useState } from 'react';
import { FormDialog } from '@/components/ui/form-dialog';
import { enterCode, OneTimeCodeField, sentCode } from '@/components/domain/one-time-code-field';
import { PasswordField } from '@/components/ui/password-field';
import { useApiForm } from '@/lib/api-form';
import { shapeResolver } from '@/lib/shape-resolver';
import { useDisableTotp } from '../api/disable-totp';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes';

/** The password and the code typed, under the names of the body fields they are sent as. */
interface DisableValues {
  password: string;
  code: string;
  recoveryCode: string;
}

/**
 * Turning two-factor sign-in off: the password, and a code of the app or a
 * recovery code. Checked before sending with the API's own rules (the
 * contracts' DisableTotpRequest), an empty field in the form's words.
 */
export function DisableTotpDialog({ onClose }: { onClose: () => void }) {
  const disable = useDisableTotp();
  const [withRecoveryCode, setWithRecoveryCode] = useState(false);
  const field = withRecoveryCode ? 'recoveryCode' : 'code';
  const toBody = ({ password, code, recoveryCode }: DisableValues): DisableTotpRequest =>
    withRecoveryCode ? { password, recoveryCode: sentCode(recoveryCode, true) } : { password, code: sentCode(code) };
  const { form, ...submit } = useApiForm<DisableValues>(
    {
      resolver: shapeResolver(
        DisableTotpRequest,
        { password: (password) => password !== '' || 'Enter your password', [field]: enterCode(withRecoveryCode) },
        toBody,
      ),
      defaultValues: { password: '', code: '', recoveryCode: '' },
    },
    async (values) => {
      await disable.mutateAsync(toBody(values));
      onClose();
      return 'Two-factor authentication is off';
    },
  );
  return (
    <FormDialog
      onClose={onClose}
      title="Turn off two-factor authentication?"
      description="Sign-in will ask for your password only. Your recovery codes stop working."
      form={submit}
      submitLabel="Turn off"
      pendingLabel="Turning off…"
      destructive
    >
      <PasswordField form={form} name="password" current />
      <OneTimeCodeField key={field} form={form} name={field} recovery={withRecoveryCode} />
      <button
        type="button"
        className="button button-ghost"
        onClick={() => {
          setWithRecoveryCode(!withRecoveryCode);
          form.resetField(field);
        }}
      >
        {withRecoveryCode ? 'Use your authenticator app' : 'Use a recovery code'}
      </button>
    </FormDialog>
  );
}

/** New recovery codes for a code of the app; `onCodes` gets them (shown once). */
export function RegenerateRecoveryCodesDialog({
  onClose,
  onCodes,
}: {
  onClose: () => void;
  onCodes: (codes: string[]) => void;
}) {
  const regenerate = useRegenerateRecoveryCodes();
  const toBody = ({ code }: { code: string }): TotpCodeRequest => ({ code: sentCode(code) });
  const { form, ...submit } = useApiForm<{ code: string }>(
    { resolver: shapeResolver(TotpCodeRequest, { code: enterCode() }, toBody), defaultValues: { code: '' } },
    async (values) => {
      const { recoveryCodes } = await regenerate.mutateAsync(toBody(values));
      onCodes(recoveryCodes);
      onClose();
    },
  );
  return (
    <FormDialog
      onClose={onClose}
      title="New recovery codes"
      description="Your current recovery codes stop working."
      form={submit}
      submitLabel="Make new codes"
      pendingLabel="Making…"
    >
      <OneTimeCodeField form={form} name="code" />
    </FormDialog>
  );
}
