import { FormError } from '@/components/ui/error-alert';
import { usePasskeySignIn } from '../api/passkey-sign-in';

/**
 * Signs in with a passkey: alone (no `challengeToken`: the sign-in page's
 * passwordless button), or as the second step of a password sign-in. Its
 * label leaves "Sign in" to the password form's button, the one that name finds.
 */
export function PasskeySignInButton({
  onSuccess,
  challengeToken,
  label = 'Use a passkey',
  sameAccount = false,
}: {
  onSuccess: () => void;
  challengeToken?: string;
  label?: string;
  /** the signed-in account confirming itself: its data stays (usePasskeySignIn) */
  sameAccount?: boolean;
}) {
  const signIn = usePasskeySignIn({ onSuccess, sameAccount });
  return (
    <div className="stack">
      <FormError message={signIn.error?.message} />
      <button
        type="button"
        className="button"
        disabled={signIn.isPending}
        onClick={() => signIn.mutate(challengeToken)}
      >
        {signIn.isPending ? 'Waiting for the passkey…' : label}
      </button>
    </div>
  );
}
