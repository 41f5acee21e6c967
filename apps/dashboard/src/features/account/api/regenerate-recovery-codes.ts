import type { AdminSuccess, RecoveryCodes, TotpCodeRequest } from '@latchkey/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { accountSecurityKey } from './get-two-factor';

/** POST /v1/admin/auth/two-factor/recovery-codes: new codes for a current TOTP code; the old ones stop working. */
export async function regenerateRecoveryCodes(body: TotpCodeRequest): Promise<RecoveryCodes> {
  return (
    await apiRequest<AdminSuccess<RecoveryCodes>>('/v1/admin/auth/two-factor/recovery-codes', {
      method: 'POST',
      body,
      keepSessionOnUnauthorized: true,
    })
  ).data;
}

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountSecurityKey }),
  });
}
