import type { AdminSuccess, KeyAuthSettings } from '@latchkey/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, appPath } from '@/lib/api-client';
import { appScope } from '@/lib/query-keys';

export function keyAuthPath(appId: string) {
  return appPath(appId, 'keyauth');
}

/** GET /v1/admin/apps/{appId}/keyauth: the app's KeyAuth compatibility settings (never the 1.2 secret). */
export async function getKeyAuthSettings(appId: string, signal?: AbortSignal): Promise<KeyAuthSettings> {
  const res = await apiRequest<AdminSuccess<KeyAuthSettings>>(keyAuthPath(appId), { signal });
  return res.data;
}

/** Key of the app's KeyAuth settings; a save replaces it, a secret change invalidates it (`secretSet`). */
export function keyAuthSettingsKey(appId: string) {
  return [...appScope(appId), 'keyauth'] as const;
}

export function getKeyAuthSettingsQueryOptions(appId: string) {
  return queryOptions({
    queryKey: keyAuthSettingsKey(appId),
    queryFn: ({ signal }) => getKeyAuthSettings(appId, signal),
  });
}

export function useKeyAuthSettings(appId: string) {
  return useQuery(getKeyAuthSettingsQueryOptions(appId));
}
