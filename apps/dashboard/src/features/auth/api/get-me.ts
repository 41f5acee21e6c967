import type { AdminSuccess, MeResult } from '@latchkey/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /v1/admin/me */
export async function getMe(signal?: AbortSignal): Promise<MeResult> {
  const res = await apiRequest<AdminSuccess<MeResult>>('/v1/admin/me', { signal });
  return res.data;
}

export function getMeQueryOptions() {
  return queryOptions({
    queryKey: ['me'],
    queryFn: ({ signal }) => getMe(signal),
  });
}

export function useMe() {
  return useQuery(getMeQueryOptions());
}
