import type { AdminSuccess, AdminUser, BanUserRequest } from '@latchkey/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, appPath } from '@/lib/api-client';
import { appScope } from '@/lib/query-keys';

/** POST /v1/admin/apps/{appId}/users/{userId}/ban: the user is refused from now on and their sessions end. */
export async function banUser(appId: string, userId: string, body: BanUserRequest): Promise<AdminUser> {
  const res = await apiRequest<AdminSuccess<AdminUser>>(appPath(appId, 'users', userId, 'ban'), {
    method: 'POST',
    body,
  });
  return res.data;
}

export function useBanUser(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, ...body }: { userId: string } & BanUserRequest) => banUser(appId, userId, body),
    // Sessions end and counts move: refresh the whole app.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appScope(appId) }),
  });
}
