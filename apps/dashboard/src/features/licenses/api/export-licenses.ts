import type { LicenseStatus } from '@latchkey/contracts';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { apiStream, appPath, toQueryString } from '@/lib/api-client';
import { saveBlob } from '@/lib/csv';
import { readDownload } from '@/lib/download';
import { getLicenses } from './get-licenses';

/** How far an export is: rows and bytes received, against the list's total when it is known. */
export interface ExportProgress {
  rows: number;
  bytes: number;
  /** The list's total for the same filter; null until it is known. */
  total: number | null;
  /** The total is the list's estimate (a large app), not a count: no percentage then. */
  totalIsEstimate: boolean;
}

/** Progress is shown at most this often: a large export arrives in thousands of chunks. */
const PROGRESS_INTERVAL_MS = 100;

/**
 * GET /v1/admin/apps/{appId}/licenses/export: every license (of `status`, if
 * given) as CSV, read as it streams in and then saved as a file; returns how
 * many rows it held. The list's total for the same filter is asked for
 * alongside, for the percentage.
 */
export async function exportLicenses(
  appId: string,
  status: LicenseStatus | undefined,
  { signal, onProgress }: { signal: AbortSignal; onProgress: (progress: ExportProgress) => void },
): Promise<number> {
  let counted: { total: number; totalIsEstimate?: boolean } | null = null;
  void getLicenses(appId, { status, limit: 1 }, signal).then(
    ({ meta }) => (counted = meta),
    () => undefined,
  );
  const body = await apiStream(appPath(appId, 'licenses', 'export') + toQueryString({ status }), { signal });
  let rows = 0;
  let shownAt = 0;
  const blob = await readDownload(body, 'text/csv;charset=utf-8', ({ bytes, lines }) => {
    // The first line is the header.
    rows = Math.max(0, lines - 1);
    const now = performance.now();
    if (now - shownAt < PROGRESS_INTERVAL_MS) return;
    shownAt = now;
    onProgress({ rows, bytes, total: counted?.total ?? null, totalIsEstimate: counted?.totalIsEstimate === true });
  });
  saveBlob(blob, `licenses-${status?.toLowerCase() ?? 'all'}.csv`);
  return rows;
}

/** Runs one export at a time with its progress; `cancel` stops it (the mutation then fails with an AbortError). */
export function useExportLicenses(appId: string) {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const controller = useRef<AbortController | null>(null);
  const mutation = useMutation({
    mutationFn: async (status?: LicenseStatus) => {
      controller.current = new AbortController();
      setProgress({ rows: 0, bytes: 0, total: null, totalIsEstimate: false });
      try {
        return await exportLicenses(appId, status, { signal: controller.current.signal, onProgress: setProgress });
      } finally {
        controller.current = null;
        setProgress(null);
      }
    },
  });
  return { ...mutation, progress, cancel: () => controller.current?.abort() };
}
