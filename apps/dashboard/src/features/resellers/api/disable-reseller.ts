import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, appPath } from '@/lib/api-client';
import { resellersKey } from './get-resellers';

/** DELETE .../resellers/{resellerId}: login refused and tokens revoked; its keys and ledger stay. */
export async function disableReseller(appId: string, resellerId: string): Promise<void> {
  await apiRequest(appPath(appId, 'resellers', resellerId), {
    method: 'DELETE',
  });
}

export function useDisableReseller(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (resellerId: string) => disableReseller(appId, resellerId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resellersKey(appId) }),
  });
}
