import type { AdminSuccess, BanLicenseRequest, License } from '@latchkey/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, appPath } from '@/lib/api-client';
import { appScope } from '@/lib/query-keys';

/** POST /v1/admin/apps/{appId}/licenses/{licenseId}/ban: status BANNED; its user's sessions end. */
export async function banLicense(appId: string, licenseId: string, body: BanLicenseRequest): Promise<License> {
  const res = await apiRequest<AdminSuccess<License>>(appPath(appId, 'licenses', licenseId, 'ban'), {
    method: 'POST',
    body,
  });
  return res.data;
}

export function useBanLicense(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ licenseId, body }: { licenseId: string; body: BanLicenseRequest }) =>
      banLicense(appId, licenseId, body),
    // Sessions end and the overview's counts move: refresh the whole app.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appScope(appId) }),
  });
}
