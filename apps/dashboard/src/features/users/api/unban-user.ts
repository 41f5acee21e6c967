import type { AdminSuccess, AdminUser } from '@latchkey/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, appPath } from '@/lib/api-client';
import { appScope } from '@/lib/query-keys';

/** POST /v1/admin/apps/{appId}/users/{userId}/unban: the user may sign in again. */
export async function unbanUser(appId: string, userId: string): Promise<AdminUser> {
  const res = await apiRequest<AdminSuccess<AdminUser>>(appPath(appId, 'users', userId, 'unban'), {
    method: 'POST',
    body: {},
  });
  return res.data;
}

export function useUnbanUser(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => unbanUser(appId, userId),
    // The user's page, the list and the overview all show it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appScope(appId) }),
  });
}
