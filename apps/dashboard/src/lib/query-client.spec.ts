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
