import { PAGE_DEFAULT_LIMIT, type AdminList, type Webhook } from '@latchkey/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, appPath, toQueryString } from '@/lib/api-client';
import { appScope } from '@/lib/query-keys';

export interface WebhooksQuery {
  page?: number;
  limit?: number;
}

/** GET /v1/admin/apps/{appId}/webhooks: newest first, never with the secret. */
export function getWebhooks(
  appId: string,
  { page = 1, limit = PAGE_DEFAULT_LIMIT }: WebhooksQuery,
  signal?: AbortSignal,
) {
  return apiRequest<AdminList<Webhook>>(appPath(appId, 'webhooks') + toQueryString({ page, limit }), { signal });
}

/**
 * Every query of this feature (lists, one webhook, its deliveries) starts
 * with this key: mutations invalidate it, so a change shows everywhere.
 */
export function webhooksKey(appId: string) {
  return [...appScope(appId), 'webhooks'] as const;
}

export function getWebhooksQueryOptions(appId: string, { page = 1, limit = PAGE_DEFAULT_LIMIT }: WebhooksQuery = {}) {
  return queryOptions({
    queryKey: [...webhooksKey(appId), 'list', { page, limit }],
    queryFn: ({ signal }) => getWebhooks(appId, { page, limit }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useWebhooks(appId: string, query: WebhooksQuery = {}) {
  return useQuery(getWebhooksQueryOptions(appId, query));
}
