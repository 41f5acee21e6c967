import type { AdminSuccess, AdminUser, CreateUserRequest } from '@latchkey/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, appPath } from '@/lib/api-client';
import { appScope } from '@/lib/query-keys';

/** POST /v1/admin/apps/{appId}/users: 201 with the user; 409 when the username is taken. */
export async function createUser(appId: string, body: CreateUserRequest): Promise<AdminUser> {
  const res = await apiRequest<AdminSuccess<AdminUser>>(appPath(appId, 'users'), {
    method: 'POST',
    body,
  });
  return res.data;
}

export function useCreateUser(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateUserRequest) => createUser(appId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appScope(appId) }),
  });
}
