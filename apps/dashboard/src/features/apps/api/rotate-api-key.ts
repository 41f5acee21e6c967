import type { AdminSuccess, RotatedApiKey } from '@latchkey/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, appPath } from '@/lib/api-client';

/** POST /v1/admin/apps/{appId}/api-key/rotate: a new API key (shown only here); the old one stops working. */
export async function rotateApiKey(appId: string): Promise<string> {
  const res = await apiRequest<AdminSuccess<RotatedApiKey>>(appPath(appId, 'api-key', 'rotate'), { method: 'POST' });
  return res.data.apiKey;
}

/** Nothing cached holds the key (the app record never has it), so there is nothing to invalidate. */
export function useRotateApiKey(appId: string) {
  return useMutation({ mutationFn: () => rotateApiKey(appId) });
}
