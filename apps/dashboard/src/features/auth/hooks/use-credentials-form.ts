import { AdminLoginRequest, SignupRequest } from '@latchkey/contracts';
import { useApiForm } from '@/lib/api-form';
import { shapeResolver, type FormOnlyRules } from '@/lib/shape-resolver';

export interface CredentialsValues {
  email: string;
  password: string;
}

/** The body sent: the email trimmed (the API trims and lower-cases it too), the password as typed. */
const toBody = ({ email, password }: CredentialsValues): CredentialsValues => ({ email: email.trim(), password });

/** An empty field in the form's own words (the API's would be its length rule). */
const rules = (password: string): FormOnlyRules<CredentialsValues> => ({
  email: (email) => email.trim() !== '' || 'Enter your email',
  password: (value) => value !== '' || password,
});
const SIGN_IN_RULES = rules('Enter your password');
const SIGN_UP_RULES = rules('Choose a password');

/**
 * The email-and-password form of signing in and signing up (`signUp`),
 * checked before sending with the API's own rules (the contracts'
 * AdminLoginRequest or SignupRequest): signing up, the email must be one and
 * the new password must fit the account's limits. `send` gets the trimmed
 * email and the password as typed; the API's refusal goes onto the form.
 */
export function useCredentialsForm(send: (credentials: CredentialsValues) => Promise<unknown>, signUp = false) {
  return useApiForm<CredentialsValues>(
    {
      resolver: signUp
        ? shapeResolver(SignupRequest, SIGN_UP_RULES, toBody)
        : shapeResolver(AdminLoginRequest, SIGN_IN_RULES, toBody),
      defaultValues: { email: '', password: '' },
    },
    async (values) => {
      await send(toBody(values));
    },
  );
}
