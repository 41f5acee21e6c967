import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { clearToken } from '@/lib/auth-token';

/** POST /v1/admin/auth/logout: revokes the presented token. */
export async function logout(): Promise<void> {
  await apiRequest<unknown>('/v1/admin/auth/logout', { method: 'POST', expireOnUnauthorized: false });
}

export function useLogout() {
  return useMutation({
    mutationFn: logout,
    // Forget the token whatever the server said: a failed revoke must not keep
    // the user signed in on this tab.
    onSettled: () => clearToken(),
  });
}
