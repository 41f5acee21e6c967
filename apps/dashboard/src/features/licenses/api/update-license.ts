import type { AdminSuccess, License, UpdateLicenseRequest } from '@latchkey/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, appPath } from '@/lib/api-client';
import { licensesKey } from './get-licenses';

/** PATCH /v1/admin/apps/{appId}/licenses/{licenseId}: note, level, max devices. */
export async function updateLicense(appId: string, licenseId: string, body: UpdateLicenseRequest): Promise<License> {
  const res = await apiRequest<AdminSuccess<License>>(appPath(appId, 'licenses', licenseId), { method: 'PATCH', body });
  return res.data;
}

export function useUpdateLicense(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ licenseId, body }: { licenseId: string; body: UpdateLicenseRequest }) =>
      updateLicense(appId, licenseId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: licensesKey(appId) }),
  });
}
