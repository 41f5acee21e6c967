import type { AdminSuccess, Reseller, UpdateResellerRequest } from '@latchkey/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, appPath } from '@/lib/api-client';
import { resellersKey } from './get-resellers';

/**
 * PATCH /v1/admin/apps/{appId}/resellers/{resellerId}: what it may sell,
 * enabled, or a new password (which revokes every token of the reseller).
 */
export async function updateReseller(
  appId: string,
  resellerId: string,
  body: UpdateResellerRequest,
): Promise<Reseller> {
  const res = await apiRequest<AdminSuccess<Reseller>>(appPath(appId, 'resellers', resellerId), {
    method: 'PATCH',
    body,
  });
  return res.data;
}

export function useUpdateReseller(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ resellerId, body }: { resellerId: string; body: UpdateResellerRequest }) =>
      updateReseller(appId, resellerId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resellersKey(appId) }),
  });
}
