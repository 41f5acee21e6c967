import type { AdminSuccess, CreatedBlacklistEntry, CreateBlacklistEntryRequest } from '@latchkey/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, appPath } from '@/lib/api-client';
import { appScope } from '@/lib/query-keys';

/**
 * POST /v1/admin/apps/{appId}/blacklist: 201 with the entry (its value in
 * canonical form: an IP range by its network address, a username in lower
 * case) and how many live sessions it ended; 409 when the same entry exists.
 */
export async function createBlacklistEntry(
  appId: string,
  body: CreateBlacklistEntryRequest,
): Promise<CreatedBlacklistEntry> {
  const res = await apiRequest<AdminSuccess<CreatedBlacklistEntry>>(appPath(appId, 'blacklist'), {
    method: 'POST',
    body,
  });
  return res.data;
}

export function useCreateBlacklistEntry(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBlacklistEntryRequest) => createBlacklistEntry(appId, body),
    // Matching sessions end and counts move: refresh the whole app, not only the list.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appScope(appId) }),
  });
}
