import type { AdminSuccess, BanLicenseRequest, License, UpdateLicenseRequest } from '@latchkey/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { appScope } from '@/lib/query-keys';

/**
 * The changes an owner makes to one license, each answering the license:
 * PATCH .../licenses/{id}, POST .../ban (its user's sessions end), POST .../unban.
 */
export type LicenseChange =
  | { kind: 'update'; licenseId: string; body: UpdateLicenseRequest }
  | { kind: 'ban'; licenseId: string; body: BanLicenseRequest }
  | { kind: 'unban'; licenseId: string };

export async function changeLicense(appId: string, change: LicenseChange): Promise<License> {
  const base = `/v1/admin/apps/${encodeURIComponent(appId)}/licenses/${encodeURIComponent(change.licenseId)}`;
  const res =
    change.kind === 'update'
      ? await apiRequest<AdminSuccess<License>>(base, { method: 'PATCH', body: change.body })
      : await apiRequest<AdminSuccess<License>>(`${base}/${change.kind}`, {
          method: 'POST',
          body: change.kind === 'ban' ? change.body : {},
        });
  return res.data;
}

export function useChangeLicense(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: LicenseChange) => changeLicense(appId, change),
    // A ban ends sessions and moves the overview's counts: refresh the whole app.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appScope(appId) }),
  });
}
