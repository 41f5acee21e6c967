import type { AdminSuccess } from '@latchkey/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { keyAuthPath, keyAuthSettingsKey } from './get-keyauth-settings';
import type { KeyAuthSettings, UpdateKeyAuthSettingsRequest } from './keyauth-contract';

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
