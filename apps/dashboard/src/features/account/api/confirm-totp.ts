import type { AdminSuccess, RecoveryCodes, TotpCodeRequest } from '@latchkey/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { accountSecurityKey } from './get-two-factor';

/**
 * POST /v1/admin/auth/two-factor/totp/confirm: TOTP on; answers the recovery codes, shown only here.
 * A wrong code answers 401, which here is a form error, not a lost session.
 */
export async function confirmTotp(body: TotpCodeRequest): Promise<RecoveryCodes> {
  return (
    await apiRequest<AdminSuccess<RecoveryCodes>>('/v1/admin/auth/two-factor/totp/confirm', {
      method: 'POST',
      body,
      keepSessionOnUnauthorized: true,
    })
  ).data;
}

export function useConfirmTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTotp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountSecurityKey }),
  });
}
