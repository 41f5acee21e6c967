import { useState } from 'react';
import { FormDialog } from '@/components/ui/form-dialog';
import { OneTimeCodeField } from '@/components/domain/one-time-code-field';
import { PasswordField } from '@/components/ui/password-field';
import { useApiForm } from '@/lib/api-form';
import { useDisableTotp } from '../api/disable-totp';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes';

/** Turning two-factor sign-in off: the password, and a code of the app or a recovery code. */
export function DisableTotpDialog({ onClose }: { onClose: () => void }) {
  const disable = useDisableTotp();
  const [withRecoveryCode, setWithRecoveryCode] = useState(false);
  const { form, ...submit } = useApiForm<{ password: string; code: string }>(
    { defaultValues: { password: '', code: '' } },
    async ({ password, code }) => {
      await disable.mutateAsync(
        withRecoveryCode ? { password, recoveryCode: code.trim() } : { password, code: code.replace(/\s+/g, '') },
      );
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
      <PasswordField form={form} name="password" current rules={{ required: 'Enter your password' }} />
      <OneTimeCodeField
        key={withRecoveryCode ? 'recovery' : 'totp'}
        form={form}
        name="code"
        recovery={withRecoveryCode}
      />
      <button
        type="button"
        className="button button-ghost"
        onClick={() => {
          setWithRecoveryCode(!withRecoveryCode);
          form.resetField('code');
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
  const { form, ...submit } = useApiForm<{ code: string }>({ defaultValues: { code: '' } }, async ({ code }) => {
    const { recoveryCodes } = await regenerate.mutateAsync({ code: code.replace(/\s+/g, '') });
    onCodes(recoveryCodes);
    onClose();
  });
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
