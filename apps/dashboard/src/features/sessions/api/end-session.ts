import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, appPath } from '@/lib/api-client';
import { appScope } from '@/lib/query-keys';

/** DELETE /v1/admin/apps/{appId}/sessions/{sessionId}: its token gets 401 from then on. */
export async function endSession(appId: string, sessionId: string): Promise<void> {
  await apiRequest<unknown>(appPath(appId, 'sessions', sessionId), {
    method: 'DELETE',
  });
}

export function useEndSession(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => endSession(appId, sessionId),
    // The session count on the overview and a user's detail change too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appScope(appId) }),
  });
}
