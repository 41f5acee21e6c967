import { PAGE_DEFAULT_LIMIT, type AdminList, type FileRecord } from '@latchkey/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, appPath, toQueryString } from '@/lib/api-client';
import { appScope } from '@/lib/query-keys';

export interface FilesQuery {
  page?: number;
  limit?: number;
}

/** GET /v1/admin/apps/{appId}/files: one page, newest first, with `meta.total`. */
export function getFiles(appId: string, { page = 1, limit = PAGE_DEFAULT_LIMIT }: FilesQuery, signal?: AbortSignal) {
  return apiRequest<AdminList<FileRecord>>(appPath(appId, 'files') + toQueryString({ page, limit }), { signal });
}

/** Every query of this feature starts with this key: mutations invalidate it. */
export function filesKey(appId: string) {
  return [...appScope(appId), 'files'] as const;
}

export function getFilesQueryOptions(appId: string, { page = 1, limit = PAGE_DEFAULT_LIMIT }: FilesQuery = {}) {
  return queryOptions({
    queryKey: [...filesKey(appId), 'list', { page, limit }],
    queryFn: ({ signal }) => getFiles(appId, { page, limit }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useFiles(appId: string, query: FilesQuery = {}) {
  return useQuery(getFilesQueryOptions(appId, query));
}
