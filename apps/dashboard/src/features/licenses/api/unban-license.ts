import type { AdminSuccess, License } from '@latchkey/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, appPath } from '@/lib/api-client';
import { appScope } from '@/lib/query-keys';

/** POST /v1/admin/apps/{appId}/licenses/{licenseId}/unban: back to USED (activated) or UNUSED. */
export async function unbanLicense(appId: string, licenseId: string): Promise<License> {
  const res = await apiRequest<AdminSuccess<License>>(appPath(appId, 'licenses', licenseId, 'unban'), {
    method: 'POST',
    body: {},
  });
  return res.data;
}

export function useUnbanLicense(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (licenseId: string) => unbanLicense(appId, licenseId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appScope(appId) }),
  });
}
