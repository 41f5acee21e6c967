import { AccountLimits, type SignupRequest } from '@latchkey/contracts';
import type { UseFormReturn } from 'react-hook-form';
import { TextField } from '@/components/ui/form-fields';
import { PasswordField } from '@/components/ui/password-field';
import { EMAIL_SHAPE } from '@/lib/validation';

const { passwordMin: PASSWORD_MIN, passwordMax: PASSWORD_MAX } = AccountLimits;

/**
 * The email and password of signing in, or of signing up (`signUp`): there
 * the email must look like one and the new password must fit the account's limits.
 */
export function CredentialsFields({ form, signUp = false }: { form: UseFormReturn<SignupRequest>; signUp?: boolean }) {
  return (
    <>
      <TextField
        label="Email"
        type="email"
        autoComplete="username"
        error={form.formState.errors.email?.message}
        {...form.register('email', {
          required: 'Enter your email',
          ...(signUp ? { pattern: { value: EMAIL_SHAPE, message: 'Enter an email address' } } : {}),
        })}
      />
      {signUp ? (
        <PasswordField
          form={form}
          name="password"
          hint={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`}
          rules={{
            required: 'Choose a password',
            minLength: { value: PASSWORD_MIN, message: `Use at least ${PASSWORD_MIN} characters` },
            maxLength: { value: PASSWORD_MAX, message: `Use at most ${PASSWORD_MAX} characters` },
          }}
        />
      ) : (
        <PasswordField form={form} name="password" current rules={{ required: 'Enter your password' }} />
      )}
    </>
  );
}
