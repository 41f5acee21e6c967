import { PAGE_DEFAULT_LIMIT, type AdminList, type AuditEntry } from '@latchkey/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, appPath, toQueryString } from '@/lib/api-client';
import { appScope } from '@/lib/query-keys';

export interface LogsQuery {
  /** An entry type (`client.login`) or a prefix of types (`client`, `admin.user`). */
  type?: string | undefined;
  /** only the changes made by this account (a member's accountId) */
  actorId?: string | undefined;
  /** a license key or a username: only the entries naming it */
  search?: string | undefined;
  page?: number;
  limit?: number;
}

/** GET /v1/admin/apps/{appId}/logs: audit entries, newest first, with `meta.total`. */
export function getLogs(
  appId: string,
  { type, actorId, search, page = 1, limit = PAGE_DEFAULT_LIMIT }: LogsQuery,
  signal?: AbortSignal,
) {
  return apiRequest<AdminList<AuditEntry>>(
    appPath(appId, 'logs') + toQueryString({ type, actorId, search, page, limit }),
    {
      signal,
    },
  );
}

/** Every query of this feature starts with this key. */
export function logsKey(appId: string) {
  return [...appScope(appId), 'logs'] as const;
}

export function getLogsQueryOptions(
  appId: string,
  { type, actorId, search, page = 1, limit = PAGE_DEFAULT_LIMIT }: LogsQuery = {},
) {
  return queryOptions({
    queryKey: [...logsKey(appId), 'list', { type, actorId, search, page, limit }],
    queryFn: ({ signal }) => getLogs(appId, { type, actorId, search, page, limit }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useLogs(appId: string, query: LogsQuery = {}) {
  return useQuery(getLogsQueryOptions(appId, query));
}
