import { AccountLimits } from '@latchkey/contracts';
import type { UseFormReturn } from 'react-hook-form';
import { TextField } from '@/components/ui/form-fields';
import { PasswordField } from '@/components/ui/password-field';
import type { CredentialsValues } from '../hooks/use-credentials-form';

const { passwordMin: PASSWORD_MIN, passwordMax: PASSWORD_MAX } = AccountLimits;

/**
 * The email and password of signing in, or of signing up (`signUp`: a new
 * password). Their rules are the form's (useCredentialsForm).
 */
export function CredentialsFields({
  form,
  signUp = false,
}: {
  form: UseFormReturn<CredentialsValues>;
  signUp?: boolean;
}) {
  return (
    <>
      <TextField
        label="Email"
        type="email"
        autoComplete="username"
        error={form.formState.errors.email?.message}
        {...form.register('email')}
      />
      {signUp ? (
        <PasswordField form={form} name="password" hint={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`} />
      ) : (
        <PasswordField form={form} name="password" current />
      )}
    </>
  );
}
