import type { AccountSignIn, AdminSuccess } from '@latchkey/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { accountSecurityKey } from './get-two-factor';

/** GET /v1/admin/auth/sign-ins: the account's last 50 sign-in events, newest first. */
export async function getSignInHistory(signal?: AbortSignal) {
  return (await apiRequest<AdminSuccess<AccountSignIn[]>>('/v1/admin/auth/sign-ins', { signal })).data;
}

export function getSignInHistoryQueryOptions() {
  return queryOptions({
    queryKey: [...accountSecurityKey, 'sign-ins'],
    queryFn: ({ signal }) => getSignInHistory(signal),
  });
}

export function useSignInHistory() {
  return useQuery(getSignInHistoryQueryOptions());
}
