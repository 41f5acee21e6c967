import type { AdminSuccess, EndedSessions } from '@latchkey/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, appPath } from '@/lib/api-client';
import { appScope } from '@/lib/query-keys';

/** DELETE /v1/admin/apps/{appId}/users/{userId}/sessions: every live session of the user ends. */
export async function endUserSessions(appId: string, userId: string): Promise<EndedSessions> {
  const res = await apiRequest<AdminSuccess<EndedSessions>>(appPath(appId, 'users', userId, 'sessions'), {
    method: 'DELETE',
  });
  return res.data;
}

export function useEndUserSessions(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => endUserSessions(appId, userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appScope(appId) }),
  });
}
