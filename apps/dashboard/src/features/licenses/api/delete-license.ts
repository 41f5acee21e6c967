import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, appPath } from '@/lib/api-client';
import { appScope } from '@/lib/query-keys';

/** DELETE /v1/admin/apps/{appId}/licenses/{licenseId}. */
export async function deleteLicense(appId: string, licenseId: string): Promise<void> {
  await apiRequest(appPath(appId, 'licenses', licenseId), {
    method: 'DELETE',
  });
}

export function useDeleteLicense(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (licenseId: string) => deleteLicense(appId, licenseId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appScope(appId) }),
  });
}
