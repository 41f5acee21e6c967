import type { AdminSuccess, BlacklistEntry, CreateBlacklistEntryRequest } from '@latchkey/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { blacklistKey } from './get-blacklist';

/**
 * POST /v1/admin/apps/{appId}/blacklist: 201 with the entry (an IP value in
 * its canonical form); 409 when the same entry exists.
 */
export async function createBlacklistEntry(appId: string, body: CreateBlacklistEntryRequest): Promise<BlacklistEntry> {
  const res = await apiRequest<AdminSuccess<BlacklistEntry>>(`/v1/admin/apps/${encodeURIComponent(appId)}/blacklist`, {
    method: 'POST',
    body,
  });
  return res.data;
}

export function useCreateBlacklistEntry(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBlacklistEntryRequest) => createBlacklistEntry(appId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blacklistKey(appId) }),
  });
}
