import type { AdminSuccess, KeyAuthSettings, UpdateKeyAuthSettingsRequest } from '@latchkey/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { keyAuthPath, keyAuthSettingsKey } from './get-keyauth-settings';

/** PUT /v1/admin/apps/{appId}/keyauth: every setting at once; answers the settings (409 when the ownerId + name pair is taken). */
export async function updateKeyAuthSettings(
  appId: string,
  body: UpdateKeyAuthSettingsRequest,
): Promise<KeyAuthSettings> {
  const res = await apiRequest<AdminSuccess<KeyAuthSettings>>(keyAuthPath(appId), { method: 'PUT', body });
  return res.data;
}

export function useUpdateKeyAuthSettings(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateKeyAuthSettingsRequest) => updateKeyAuthSettings(appId, body),
    onSuccess: (settings) => queryClient.setQueryData(keyAuthSettingsKey(appId), settings),
  });
}
