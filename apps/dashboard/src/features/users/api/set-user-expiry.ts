import type { AdminSuccess, AdminUser, SetUserExpiryRequest } from '@latchkey/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, appPath } from '@/lib/api-client';
import { appScope } from '@/lib/query-keys';

/** PUT /v1/admin/apps/{appId}/users/{userId}/expiry: the expiry set to a moment, the past included; null = lifetime. */
export async function setUserExpiry(appId: string, userId: string, body: SetUserExpiryRequest): Promise<AdminUser> {
  const res = await apiRequest<AdminSuccess<AdminUser>>(appPath(appId, 'users', userId, 'expiry'), {
    method: 'PUT',
    body,
  });
  return res.data;
}

export function useSetUserExpiry(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: SetUserExpiryRequest }) =>
      setUserExpiry(appId, userId, body),
    // The user's page and the list both show the expiry.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appScope(appId) }),
  });
}
