import type { AdminSuccess, CreatedPersonalAccessToken, CreatePersonalAccessTokenRequest } from '@latchkey/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { accountTokensKey } from './get-tokens';

/** POST /v1/admin/tokens: 201 with the token, shown only in this answer. */
export async function createToken(body: CreatePersonalAccessTokenRequest): Promise<CreatedPersonalAccessToken> {
  return (await apiRequest<AdminSuccess<CreatedPersonalAccessToken>>('/v1/admin/tokens', { method: 'POST', body }))
    .data;
}

export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountTokensKey }),
  });
}
