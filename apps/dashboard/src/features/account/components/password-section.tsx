import { AccountLimits, ChangePasswordRequest } from '@latchkey/contracts';
import { FormError } from '@/components/ui/error-alert';
import { PasswordField } from '@/components/ui/password-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { useApiForm } from '@/lib/api-form';
import { shapeResolver } from '@/lib/shape-resolver';
import { plural } from '@/lib/format';
import { useChangePassword } from '../api/change-password';

const { passwordMin: PASSWORD_MIN, passwordMax: PASSWORD_MAX } = AccountLimits;

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
}

/** An empty current password in the form's own words (the API's would be its length rule). */
const ENTER_CURRENT = { currentPassword: (value: string) => value !== '' || 'Enter your current password' };

/**
 * Change password: every other sign-in of the account is signed out. Checked
 * before sending with the API's own rules (the contracts' ChangePasswordRequest).
 */
export function PasswordSection() {
  const change = useChangePassword();
  const { form, onSubmit, isSubmitting, rootError } = useApiForm<PasswordValues>(
    {
      resolver: shapeResolver<PasswordValues>(ChangePasswordRequest, ENTER_CURRENT),
      defaultValues: { currentPassword: '', newPassword: '' },
    },
    async (values, form) => {
      const { revokedTokens, revokedInvitations } = await change.mutateAsync(values);
      form.reset();
      const invitations =
        revokedInvitations > 0 ? ` ${plural(revokedInvitations, 'pending invitation')} you created revoked.` : '';
      return `Password changed. ${plural(revokedTokens, 'other sign-in or token', 'other sign-ins and tokens')} revoked.${invitations}`;
    },
  );

  return (
    <section className="card stack" aria-labelledby="password-heading">
      <h2 id="password-heading">Password</h2>
      <p className="muted">
        Changing it signs out every other browser and device, revokes every personal access token (scripts need a new
        one) and the pending invitations you created. Your passkeys and authenticator app stay: check the lists on this
        page and remove any you do not recognise.
      </p>
      <form onSubmit={onSubmit} aria-label="Change password" noValidate>
        <FormError message={rootError} />
        <div className="form-row">
          <PasswordField form={form} name="currentPassword" label="Current password" current />
          <PasswordField
            form={form}
            name="newPassword"
            label="New password"
            hint={`${PASSWORD_MIN}-${PASSWORD_MAX} characters.`}
          />
          <div className="form-row-action">
            <SubmitButton submitting={isSubmitting} label="Change password" pendingLabel="Changing…" />
          </div>
        </div>
      </form>
    </section>
  );
}
