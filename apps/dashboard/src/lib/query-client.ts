import { MutationCache, QueryCache, QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { ApiError } from './api-client';

export const queryConfig = {
  queries: {
    // A 4xx will not change on retry; network errors and 5xx get two more tries.
    retry: (failureCount, error) => {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
      return failureCount < 2;
    },
    refetchOnWindowFocus: false,
    staleTime: 30_000,
  },
  mutations: {
    retry: false,
  },
} satisfies DefaultOptions;

/**
 * A refusal for the caller's role means the role held in the cache is out of
 * date (an admin lowered it): reload the apps and each app's role so the pages
 * trim themselves to the new one at once.
 */
function refreshRolesOnRefusal(queryClient: QueryClient, error: unknown): void {
  if (!(error instanceof ApiError) || error.code !== 'ROLE_NOT_ALLOWED') return;
  void queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] === 'apps' || (query.queryKey[0] === 'app' && query.queryKey[2] === 'app'),
  });
}

export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    defaultOptions: queryConfig,
    queryCache: new QueryCache({ onError: (error) => refreshRolesOnRefusal(queryClient, error) }),
    mutationCache: new MutationCache({ onError: (error) => refreshRolesOnRefusal(queryClient, error) }),
  });
  return queryClient;
}
