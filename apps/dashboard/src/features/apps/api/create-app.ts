import type { AdminSuccess, CreateAppRequest, CreatedApp } from '@latchkey/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { appsListKey } from '@/lib/query-keys';

/** POST /v1/admin/apps: 201 with the app, its `apiKey` (shown only now) and `publicKey`. */
export async function createApp(body: CreateAppRequest): Promise<CreatedApp> {
  const res = await apiRequest<AdminSuccess<CreatedApp>>('/v1/admin/apps', { method: 'POST', body });
  return res.data;
}

export function useCreateApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appsListKey }),
  });
}
