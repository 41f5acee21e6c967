import type { AdminSuccess, TwoFactorStatus } from '@latchkey/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The account's second factors and sign-in history: invalidate after a change to either. */
export const accountSecurityKey = ['account', 'security'] as const;

/** GET /v1/admin/auth/two-factor: TOTP on or off, recovery codes left, passkeys. */
export async function getTwoFactor(signal?: AbortSignal) {
  return (await apiRequest<AdminSuccess<TwoFactorStatus>>('/v1/admin/auth/two-factor', { signal })).data;
}

export function getTwoFactorQueryOptions() {
  return queryOptions({
    queryKey: [...accountSecurityKey, 'two-factor'],
    queryFn: ({ signal }) => getTwoFactor(signal),
  });
}

export function useTwoFactor() {
  return useQuery(getTwoFactorQueryOptions());
}
