import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, appPath } from '@/lib/api-client';
import { appScope, appsListKey } from '@/lib/query-keys';

/** DELETE /v1/admin/apps/{appId}: the app and all its records. */
export async function deleteApp(appId: string): Promise<void> {
  await apiRequest(appPath(appId), { method: 'DELETE' });
}

export function useDeleteApp(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteApp(appId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appsListKey }),
  });
}

/**
 * Drops everything cached about a deleted app. Call it after leaving the
 * app's pages: removed while they are mounted, their queries fetch again and
 * the layout shows "Application not found" for a moment.
 */
export function useForgetApp() {
  const queryClient = useQueryClient();
  return (appId: string) => queryClient.removeQueries({ queryKey: appScope(appId) });
}
