import type { DisableTotpRequest } from '@latchkey/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { accountSecurityKey } from './get-two-factor';

/**
 * POST /v1/admin/auth/two-factor/totp/disable: the password and a current code or a recovery code.
 * A wrong password or code answers 401, which here is a form error, not a lost session.
 */
export async function disableTotp(body: DisableTotpRequest): Promise<void> {
  await apiRequest('/v1/admin/auth/two-factor/totp/disable', { method: 'POST', body, keepSessionOnUnauthorized: true });
}

export function useDisableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTotp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountSecurityKey }),
  });
}
