import type { AdminSuccess, AdminUser } from '@latchkey/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, appPath } from '@/lib/api-client';
import { appScope } from '@/lib/query-keys';

/** POST /v1/admin/apps/{appId}/users/{userId}/extend: `days` added to max(now, expiresAt); lifetime stays lifetime. */
export async function extendUser(appId: string, userId: string, days: number): Promise<AdminUser> {
  const res = await apiRequest<AdminSuccess<AdminUser>>(appPath(appId, 'users', userId, 'extend'), {
    method: 'POST',
    body: { days },
  });
  return res.data;
}

export function useExtendUser(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, days }: { userId: string; days: number }) => extendUser(appId, userId, days),
    // The user's page and the list both show the expiry.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appScope(appId) }),
  });
}
