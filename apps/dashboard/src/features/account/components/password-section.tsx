import { AccountLimits, FieldMessage } from '@latchkey/contracts';
import { FormError } from '@/components/ui/error-alert';
import { PasswordField } from '@/components/ui/password-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { useApiForm } from '@/lib/api-form';
import { plural } from '@/lib/format';
import { useChangePassword } from '../api/change-password';

const { passwordMin: PASSWORD_MIN, passwordMax: PASSWORD_MAX } = AccountLimits;
const NEW_PASSWORD_MESSAGE = FieldMessage.length('newPassword', PASSWORD_MIN, PASSWORD_MAX);

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
}

/** Change password: every other sign-in of the account is signed out. */
export function PasswordSection() {
  const change = useChangePassword();
  const { form, onSubmit, isSubmitting, rootError } = useApiForm<PasswordValues>(
    { defaultValues: { currentPassword: '', newPassword: '' } },
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
          <PasswordField
            form={form}
            name="currentPassword"
            label="Current password"
            current
            rules={{ required: 'Enter your current password' }}
          />
          <PasswordField
            form={form}
            name="newPassword"
            label="New password"
            hint={`${PASSWORD_MIN}-${PASSWORD_MAX} characters.`}
            rules={{
              minLength: { value: PASSWORD_MIN, message: NEW_PASSWORD_MESSAGE },
              maxLength: { value: PASSWORD_MAX, message: NEW_PASSWORD_MESSAGE },
            }}
          />
          <div className="form-row-action">
            <SubmitButton submitting={isSubmitting} label="Change password" pendingLabel="Changing…" />
          </div>
        </div>
      </form>
    </section>
  );
}
