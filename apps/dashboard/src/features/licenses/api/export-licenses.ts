import type { LicenseStatus } from '@latchkey/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiDownload, toQueryString } from '@/lib/api-client';
import { saveBlob } from '@/lib/csv';

/** GET /v1/admin/apps/{appId}/licenses/export: every license (of `status`, if given) as CSV, saved as a file. */
export async function exportLicenses(appId: string, status?: LicenseStatus): Promise<void> {
  const blob = await apiDownload(
    `/v1/admin/apps/${encodeURIComponent(appId)}/licenses/export${toQueryString({ status })}`,
  );
  saveBlob(blob, `licenses-${status?.toLowerCase() ?? 'all'}.csv`);
}

export function useExportLicenses(appId: string) {
  return useMutation({ mutationFn: (status?: LicenseStatus) => exportLicenses(appId, status) });
}
