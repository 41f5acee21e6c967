import { type AdminList, type PersonalAccessToken } from '@latchkey/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, toQueryString } from '@/lib/api-client';

/** Every token list and sign-in list of the account: invalidate after a change. */
export const accountTokensKey = ['account', 'tokens'] as const;

/** The list shows up to this many tokens: an account with more is unusual, and the page says so. */
export const TOKENS_PAGE_SIZE = 100;

/** GET /v1/admin/tokens: the account's personal access tokens (never the token itself). */
export async function getTokens(signal?: AbortSignal) {
  return apiRequest<AdminList<PersonalAccessToken>>(`/v1/admin/tokens${toQueryString({ limit: TOKENS_PAGE_SIZE })}`, {
    signal,
  });
}

export function getTokensQueryOptions() {
  return queryOptions({ queryKey: [...accountTokensKey, 'personal'], queryFn: ({ signal }) => getTokens(signal) });
}

export function useTokens() {
  return useQuery(getTokensQueryOptions());
}
