import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { clearToken } from '@/lib/auth-token';

/**
 * POST /v1/admin/auth/logout: revokes the presented token, the stored one or
 * `replaced` (a sign-in a new one replaced, whose refusal says nothing about
 * the stored token).
 */
export async function logout(replaced?: string): Promise<void> {
  await apiRequest<unknown>('/v1/admin/auth/logout', {
    method: 'POST',
    expireOnUnauthorized: false,
    ...(replaced === undefined ? {} : { token: replaced, keepSessionOnUnauthorized: true }),
  });
}

export function useLogout() {
  return useMutation({
    mutationFn: () => logout(),
    // Forget the token whatever the server said: a failed revoke must not keep
    // the user signed in on this tab.
    onSettled: () => clearToken(),
  });
}
