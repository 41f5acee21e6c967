import type { LicenseStatus } from '@latchkey/contracts';
import { formatBytes, formatNumber, plural } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useExportLicenses, type ExportProgress } from '../api/export-licenses';
import '../licenses.css';

/**
 * "Export CSV": the keys of `status` (all when undefined) stream into a file.
 * While they do, the button gives way to the rows and bytes received, a
 * percentage of the list's total (a running count when the total is only an
 * estimate) and Cancel.
 */
export function ExportLicensesButton({ appId, status }: { appId: string; status?: LicenseStatus }) {
  const exporter = useExportLicenses(appId);
  if (exporter.progress) return <ExportProgressBar progress={exporter.progress} onCancel={exporter.cancel} />;
  return (
    <button
      type="button"
      className="button button-secondary"
      disabled={exporter.isPending}
      onClick={() =>
        exporter.mutate(status, {
          onSuccess: (rows) => toast.success(`Export downloaded: ${plural(rows, 'key')}`),
          onError: (error) =>
            error instanceof DOMException && error.name === 'AbortError'
              ? toast.success('Export cancelled')
              : toast.error(error),
        })
      }
    >
      Export CSV
    </button>
  );
}

function ExportProgressBar({ progress, onCancel }: { progress: ExportProgress; onCancel: () => void }) {
  const { rows, bytes, total, totalIsEstimate } = progress;
  const exact = total !== null && !totalIsEstimate && total > 0;
  const percent = exact ? Math.min(100, Math.floor((rows / total) * 100)) : null;
  return (
    <div className="export-progress" role="status" data-testid="export-progress">
      {exact ? (
        <progress max={total} value={Math.min(rows, total)} aria-label="Export progress" />
      ) : (
        <span className="export-spinner" aria-hidden="true" />
      )}
      <span className="export-progress-text">
        {exact
          ? `${formatNumber(rows)} of ${plural(total, 'key')} (${percent}%)`
          : `${plural(rows, 'key')}${total !== null ? ` of about ${formatNumber(total)}` : ''}`}{' '}
        · {formatBytes(bytes)}
      </span>
      <button type="button" className="button button-secondary" onClick={onCancel}>
        Cancel export
      </button>
    </div>
  );
}
