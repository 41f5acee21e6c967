import { describe, expect, it } from '@jest/globals';
import { ApiError } from './api-client';
import { createQueryClient, queryConfig } from './query-client';
import { appScope } from './query-keys';

describe('queryConfig', () => {
  const retry = queryConfig.queries.retry;

  it('does not retry a refusal (4xx), and tries a failure of the server or network twice more', () => {
    expect(retry(0, new ApiError(404, 'Not found', { code: 'NOT_FOUND' }))).toBe(false);
    expect([retry(0, new ApiError(503, 'Service unavailable')), retry(1, new ApiError(0, 'offline'))]).toEqual([
      true,
      true,
    ]);
    expect(retry(2, new ApiError(500, 'Internal server error'))).toBe(false);
  });

  it('builds the client with these defaults, and keys queries under their app', () => {
    expect(createQueryClient().getDefaultOptions().queries?.staleTime).toBe(30_000);
    expect(appScope('a1')).toEqual(['app', 'a1']);
  });
});

describe('a refusal for the role', () => {
  it('marks the apps and each app (with its role) stale, and nothing else', async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(['apps', 'list', { page: 1 }], { data: [] });
    queryClient.setQueryData([...appScope('a1'), 'app'], { role: 'manager' });
    queryClient.setQueryData([...appScope('a1'), 'licenses', 'list'], { data: [] });
    const mutation = queryClient.getMutationCache().build(queryClient, {
      mutationFn: async () => {
        throw new ApiError(403, 'Not allowed for your role', { code: 'ROLE_NOT_ALLOWED' });
      },
    });
    await expect(mutation.execute(undefined)).rejects.toThrow('Not allowed for your role');
    const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect([
      stale(['apps', 'list', { page: 1 }]),
      stale([...appScope('a1'), 'app']),
      stale([...appScope('a1'), 'licenses', 'list']),
    ]).toEqual([true, true, false]);
  });

  it('leaves the cache alone on any other refusal', async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData([...appScope('a1'), 'app'], { role: 'manager' });
    const mutation = queryClient.getMutationCache().build(queryClient, {
      mutationFn: async () => {
        throw new ApiError(403, 'Forbidden', { code: 'FORBIDDEN' });
      },
    });
    await expect(mutation.execute(undefined)).rejects.toThrow('Forbidden');
    expect(queryClient.getQueryState([...appScope('a1'), 'app'])?.isInvalidated).toBe(false);
  });
});
