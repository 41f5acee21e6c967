import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, appPath } from '@/lib/api-client';
import { blacklistKey } from './get-blacklist';

/** DELETE /v1/admin/apps/{appId}/blacklist/{entryId}: applies to client requests at once. */
export async function deleteBlacklistEntry(appId: string, entryId: string): Promise<void> {
  await apiRequest<unknown>(appPath(appId, 'blacklist', entryId), {
    method: 'DELETE',
  });
}

export function useDeleteBlacklistEntry(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entryId: string) => deleteBlacklistEntry(appId, entryId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blacklistKey(appId) }),
  });
}
