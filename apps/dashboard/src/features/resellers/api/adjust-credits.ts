import type { AdjustCreditsRequest, AdminSuccess, Reseller } from '@latchkey/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, appPath } from '@/lib/api-client';
import { resellersKey } from './get-resellers';

/** POST .../resellers/{resellerId}/credits: adds or removes credits (never below zero), with a note. */
export async function adjustCredits(appId: string, resellerId: string, body: AdjustCreditsRequest): Promise<Reseller> {
  const res = await apiRequest<AdminSuccess<Reseller>>(appPath(appId, 'resellers', resellerId, 'credits'), {
    method: 'POST',
    body,
  });
  return res.data;
}

export function useAdjustCredits(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ resellerId, body }: { resellerId: string; body: AdjustCreditsRequest }) =>
      adjustCredits(appId, resellerId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resellersKey(appId) }),
  });
}
