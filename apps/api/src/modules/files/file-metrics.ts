import { Counter, Gauge } from 'prom-client';
import { METRIC_PREFIX } from '../../common/metrics.js';

/**
 * Contents read for a download, by where they came from: `cache` (this
 * process's memory), `disk` (FILE_DISK_CACHE_DIR) or `store`.
 */
export const contentReads = new Counter({
  name: `${METRIC_PREFIX}file_content_reads_total`,
  help: 'File contents read for downloads, by source: cache (memory), disk (FILE_DISK_CACHE_DIR) or store (FILE_STORAGE)',
  labelNames: ['source'] as const,
});

/**
 * A gauge of the bytes a cache holds, read on every scrape once the returned
 * function has been given the cache (when FileContents exists; a scrape
 * before that reports no figure).
 */
function heldBytesGauge(name: string, help: string): (cache: { readonly heldBytes: number }) => void {
  let measured: { readonly heldBytes: number } | null = null;
  new Gauge({
    name: `${METRIC_PREFIX}${name}`,
    help,
    collect() {
      if (measured) this.set(measured.heldBytes);
    },
  });
  return (cache) => {
    measured = cache;
  };
}

export const measureContentCache = heldBytesGauge(
  'file_cache_bytes',
  'Bytes of recently downloaded files held in memory (at most FILE_CACHE_BYTES per process)',
);

export const measureDiskCache = heldBytesGauge(
  'file_disk_cache_bytes',
  'Bytes of stored file records kept in FILE_DISK_CACHE_DIR by this process (at most FILE_DISK_CACHE_BYTES)',
);
