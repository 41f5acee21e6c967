import type { LicenseStatus } from '@latchkey/contracts';
import { toast } from '@/lib/toast';
import { useExportLicenses } from '../api/export-licenses';

/** Downloads the app's keys (of `status`, when the list is filtered by one) as CSV; for the owner and a reseller alike. */
export function ExportLicensesButton({ appId, status }: { appId: string; status: LicenseStatus | undefined }) {
  const exportMutation = useExportLicenses(appId);
  return (
    <button
      type="button"
      className="button button-secondary"
      disabled={exportMutation.isPending}
      onClick={() =>
        exportMutation.mutate(status, {
          onSuccess: () => toast.success('Export downloaded'),
          onError: (error) => toast.error(error),
        })
      }
    >
      {exportMutation.isPending ? 'Exporting…' : 'Export CSV'}
    </button>
  );
}
