import type { AdminSuccess, App, UpdateAppRequest } from '@latchkey/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, appPath } from '@/lib/api-client';
import { appKey } from './get-app';
import { appsListKey } from '@/lib/query-keys';

/** PATCH /v1/admin/apps/{appId}: any of the app's settings; answers the app. */
export async function updateApp(appId: string, body: UpdateAppRequest): Promise<App> {
  const res = await apiRequest<AdminSuccess<App>>(appPath(appId), {
    method: 'PATCH',
    body,
  });
  return res.data;
}

export function useUpdateApp(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAppRequest) => updateApp(appId, body),
    onSuccess: (app) => {
      queryClient.setQueryData(appKey(appId), app);
      return queryClient.invalidateQueries({ queryKey: appsListKey });
    },
  });
}
