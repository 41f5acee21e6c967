import { Counter, Gauge } from 'prom-client';
import { METRIC_PREFIX } from '../../common/metrics.js';
import type { ContentCache } from './content-cache.js';
import type { DiskRecordCache } from './storage/disk-record-cache.js';

/**
 * Contents read for a download, by where they came from: `cache` (this
 * process's memory), `disk` (FILE_DISK_CACHE_DIR) or `store`.
 */
export const contentReads = new Counter({
  name: `${METRIC_PREFIX}file_content_reads_total`,
  help: 'File contents read for downloads, by source: cache (memory), disk (FILE_DISK_CACHE_DIR) or store (FILE_STORAGE)',
  labelNames: ['source'] as const,
});

/** Set once FileContents exists; a scrape before that reports no cache figure. */
let measuredCache: ContentCache | null = null;

new Gauge({
  name: `${METRIC_PREFIX}file_cache_bytes`,
  help: 'Bytes of recently downloaded files held in memory (at most FILE_CACHE_BYTES per process)',
  collect() {
    if (measuredCache) this.set(measuredCache.heldBytes);
  },
});

/** Reads `cache`'s size on every scrape. */
export function measureContentCache(cache: ContentCache): void {
  measuredCache = cache;
}

let measuredDisk: DiskRecordCache | null = null;

new Gauge({
  name: `${METRIC_PREFIX}file_disk_cache_bytes`,
  help: 'Bytes of stored file records kept in FILE_DISK_CACHE_DIR by this process (at most FILE_DISK_CACHE_BYTES)',
  collect() {
    if (measuredDisk) this.set(measuredDisk.heldBytes);
  },
});

/** Reads the disk cache's size on every scrape. */
export function measureDiskCache(cache: DiskRecordCache): void {
  measuredDisk = cache;
}
