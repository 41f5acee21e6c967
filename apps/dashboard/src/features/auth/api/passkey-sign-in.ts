import type { AdminLoginResult, AdminSuccess, PasskeyAuthenticationOptions } from '@latchkey/contracts';
import { useMutation } from '@tanstack/react-query';
import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { apiRequest } from '@/lib/api-client';
import { setToken } from '@/lib/auth-token';

/**
 * Signs in with a passkey: the API's options, the browser's prompt
 * (startAuthentication), the answer back. Without `challengeToken`, any
 * passkey of this site (no password); with it, the second step of a password
 * sign-in.
 */
export async function passkeySignIn(challengeToken?: string): Promise<AdminLoginResult> {
  const { options, passkeyChallengeId } = (
    await apiRequest<AdminSuccess<PasskeyAuthenticationOptions>>('/v1/admin/auth/passkeys/authentication-options', {
      method: 'POST',
      body: challengeToken === undefined ? {} : { challengeToken },
      auth: false,
    })
  ).data;
  const response = await startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON });
  const answer = await apiRequest<AdminSuccess<AdminLoginResult>>('/v1/admin/auth/passkeys/authenticate', {
    method: 'POST',
    body: challengeToken === undefined ? { passkeyChallengeId, response } : { challengeToken, response },
    auth: false,
  });
  return answer.data;
}

/** `sameAccount`: the signed-in account signing in again (recent-sign-in-dialog), whose data stays. */
export function usePasskeySignIn({
  onSuccess,
  sameAccount = false,
}: { onSuccess?: (result: AdminLoginResult) => void; sameAccount?: boolean } = {}) {
  return useMutation({
    mutationFn: passkeySignIn,
    onSuccess: (result) => {
      setToken(result.accessToken, { sameAccount });
      onSuccess?.(result);
    },
  });
}
