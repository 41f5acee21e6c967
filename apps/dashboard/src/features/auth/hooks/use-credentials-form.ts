import type { SignupRequest } from '@latchkey/contracts';
import { useApiForm } from '@/lib/api-form';

/**
 * The email-and-password form of signing in and signing up: `send` gets the
 * trimmed email and the password as typed; the API's refusal goes onto the form.
 */
export function useCredentialsForm(send: (credentials: SignupRequest) => Promise<unknown>) {
  return useApiForm<SignupRequest>({ defaultValues: { email: '', password: '' } }, async ({ email, password }) => {
    await send({ email: email.trim(), password });
  });
}
