import type { AccountLoginSession, AdminSuccess } from '@latchkey/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { accountTokensKey } from './get-tokens';

/** GET /v1/admin/auth/sessions: the account's live sign-ins, the current one marked. */
export async function getSignIns(signal?: AbortSignal) {
  return (await apiRequest<AdminSuccess<AccountLoginSession[]>>('/v1/admin/auth/sessions', { signal })).data;
}

export function getSignInsQueryOptions() {
  return queryOptions({ queryKey: [...accountTokensKey, 'sign-ins'], queryFn: ({ signal }) => getSignIns(signal) });
}

export function useSignIns() {
  return useQuery(getSignInsQueryOptions());
}
