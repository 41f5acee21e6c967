import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { appScope } from '@/lib/query-keys';
import { appsListKey } from './get-apps';

/** DELETE /v1/admin/apps/{appId}: the app and all its records. */
export async function deleteApp(appId: string): Promise<void> {
  await apiRequest(`/v1/admin/apps/${encodeURIComponent(appId)}`, { method: 'DELETE' });
}

export function useDeleteApp(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteApp(appId),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: appScope(appId) });
      return queryClient.invalidateQueries({ queryKey: appsListKey });
    },
  });
}
