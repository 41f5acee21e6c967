import { PAGE_MAX_LIMIT, type AdminList, type Webhook } from '@latchkey/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, toQueryString } from '@/lib/api-client';
import { appScope } from '@/lib/query-keys';

/** GET /v1/admin/apps/{appId}/webhooks: an app has few webhooks, so one page of the maximum size. */
export function getWebhooks(appId: string, signal?: AbortSignal) {
  return apiRequest<AdminList<Webhook>>(
    `/v1/admin/apps/${encodeURIComponent(appId)}/webhooks${toQueryString({ limit: PAGE_MAX_LIMIT })}`,
    { signal },
  );
}

/** Every query of this feature starts with this key: mutations invalidate it. */
export function webhooksKey(appId: string) {
  return [...appScope(appId), 'webhooks'] as const;
}

export function useWebhooks(appId: string) {
  return useQuery(
    queryOptions({ queryKey: [...webhooksKey(appId), 'list'], queryFn: ({ signal }) => getWebhooks(appId, signal) }),
  );
}
