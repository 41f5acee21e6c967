import type { AdminSuccess, CreateResellerRequest, Reseller } from '@latchkey/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, appPath } from '@/lib/api-client';
import { resellersKey } from './get-resellers';

/** POST /v1/admin/apps/{appId}/resellers: 201 with the reseller; opening credits become a `grant` entry. */
export async function createReseller(appId: string, body: CreateResellerRequest): Promise<Reseller> {
  const res = await apiRequest<AdminSuccess<Reseller>>(appPath(appId, 'resellers'), {
    method: 'POST',
    body,
  });
  return res.data;
}

export function useCreateReseller(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateResellerRequest) => createReseller(appId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resellersKey(appId) }),
  });
}
