import type { AdminSuccess, AdminUser } from '@latchkey/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, appPath } from '@/lib/api-client';
import { appScope } from '@/lib/query-keys';

/** POST /v1/admin/apps/{appId}/users/{userId}/reset-hwid: the stored HWID is cleared; the next login binds one again. */
export async function resetUserHwid(appId: string, userId: string): Promise<AdminUser> {
  const res = await apiRequest<AdminSuccess<AdminUser>>(appPath(appId, 'users', userId, 'reset-hwid'), {
    method: 'POST',
    body: {},
  });
  return res.data;
}

export function useResetUserHwid(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => resetUserHwid(appId, userId),
    // The user's page and the list both show the HWID.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appScope(appId) }),
  });
}
