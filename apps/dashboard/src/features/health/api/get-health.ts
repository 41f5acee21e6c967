import type { HealthAnswer } from '@latchkey/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /health: the service's dependencies and what an operator should fix (`warnings`). */
export function getHealth(signal?: AbortSignal): Promise<HealthAnswer> {
  return apiRequest<HealthAnswer>('/health', { auth: false, signal });
}

export function getHealthQueryOptions() {
  return queryOptions({
    queryKey: ['health'] as const,
    queryFn: ({ signal }) => getHealth(signal),
    // The server caches its settings for a minute; a warning is not news within one.
    staleTime: 60_000,
  });
}

export function useHealth() {
  return useQuery(getHealthQueryOptions());
}
