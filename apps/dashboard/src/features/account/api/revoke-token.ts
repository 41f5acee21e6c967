import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { accountTokensKey } from './get-tokens';

/** DELETE /v1/admin/tokens/{id}: revokes a personal access token or a sign-in of the account. */
export async function revokeToken(tokenId: string): Promise<void> {
  await apiRequest(`/v1/admin/tokens/${encodeURIComponent(tokenId)}`, { method: 'DELETE' });
}

export function useRevokeToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountTokensKey }),
  });
}
