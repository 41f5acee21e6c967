import type { AdminSuccess, GenerateLicensesRequest, License } from '@latchkey/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, appPath } from '@/lib/api-client';
import { appScope } from '@/lib/query-keys';

/** POST /v1/admin/apps/{appId}/licenses: 201 with the new licenses, keys included. */
export async function generateLicenses(appId: string, body: GenerateLicensesRequest): Promise<License[]> {
  const res = await apiRequest<AdminSuccess<License[]>>(appPath(appId, 'licenses'), {
    method: 'POST',
    body,
  });
  return res.data;
}

export function useGenerateLicenses(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GenerateLicensesRequest) => generateLicenses(appId, body),
    // New keys change the overview's counts too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appScope(appId) }),
  });
}
