import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, appPath } from '@/lib/api-client';
import { appScope } from '@/lib/query-keys';

/** DELETE /v1/admin/apps/{appId}/users/{userId}: the user and its sessions go. */
export async function deleteUser(appId: string, userId: string): Promise<void> {
  await apiRequest(appPath(appId, 'users', userId), {
    method: 'DELETE',
  });
}

export function useDeleteUser(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => deleteUser(appId, userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appScope(appId) }),
  });
}
