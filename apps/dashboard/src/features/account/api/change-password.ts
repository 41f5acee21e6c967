import type { AdminSuccess, ChangePasswordRequest, ChangePasswordResult } from '@latchkey/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { accountTokensKey } from './get-tokens';

/**
 * POST /v1/admin/auth/password: every other sign-in and every personal access token of the account is revoked,
 * and so are the pending invitations it created. A wrong current password answers 401, which here is a form
 * error, not a lost session.
 */
export async function changePassword(body: ChangePasswordRequest): Promise<ChangePasswordResult> {
  const res = await apiRequest<AdminSuccess<ChangePasswordResult>>('/v1/admin/auth/password', {
    method: 'POST',
    body,
    keepSessionOnUnauthorized: true,
  });
  return res.data;
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountTokensKey }),
  });
}
