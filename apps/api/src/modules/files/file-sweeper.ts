import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { FILES_POOL } from './file-contents.js';
import { FILE_STORE, type FileStore } from './storage/file-store.js';
import type { SqlPool } from './storage/postgres-file-store.js';
import { DELETE_ABANDONED_CONTENTS, DELETE_OLD_LINKS, KNOWN_CONTENTS } from './files.queries.js';

/** An upload still unreferenced after this long was abandoned (its process died mid-way). */
export const ABANDONED_UPLOAD_SECONDS = 24 * 3600;
/** Spent and expired links are kept this long, then deleted. */
const LINK_RETENTION_SECONDS = 3600;
const SWEEP_INTERVAL_MS = 3600_000;
const FIRST_SWEEP_DELAY_MS = 60_000;
const BATCH = 500;

export interface SweepResult {
  abandonedContents: number;
  orphans: number;
  links: number;
}

/**
 * Removes what no file refers to any more: contents of uploads abandoned by a
 * crashed process, stored content whose row is gone (an app deleted with the
 * fs store: its rows cascade, its directory entries cannot), and old links.
 * Every step is idempotent, so several processes may sweep at once.
 */
export async function sweepFiles(
  pool: SqlPool,
  store: FileStore,
  abandonedAfterSeconds = ABANDONED_UPLOAD_SECONDS,
): Promise<SweepResult> {
  const { rows: abandoned } = await pool.query<{ id: string }>(DELETE_ABANDONED_CONTENTS, [abandonedAfterSeconds]);
  for (const { id } of abandoned) await store.delete(id);

  // Any content in the store had its row written first; no row now means it is gone for good.
  let orphans = 0;
  let batch: string[] = [];
  const flush = async () => {
    const { rows } = await pool.query<{ id: string }>(KNOWN_CONTENTS, [batch]);
    const known = new Set(rows.map((row) => row.id));
    for (const id of batch) {
      if (!known.has(id)) {
        await store.delete(id);
        orphans += 1;
      }
    }
    batch = [];
  };
  for await (const id of store.list()) {
    batch.push(id);
    if (batch.length >= BATCH) await flush();
  }
  if (batch.length > 0) await flush();

  const { rows: links } = await pool.query(DELETE_OLD_LINKS, [LINK_RETENTION_SECONDS]);
  return { abandonedContents: abandoned.length, orphans, links: links.length };
}

/** Runs sweepFiles in the API process: a minute after start, then hourly. */
@Injectable()
export class FileSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('FileSweeper');
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(FILES_POOL) private readonly pool: SqlPool,
    @Inject(FILE_STORE) private readonly store: FileStore,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setTimeout(() => {
      void this.sweep();
      this.timer = setInterval(() => void this.sweep(), SWEEP_INTERVAL_MS).unref();
    }, FIRST_SWEEP_DELAY_MS).unref();
  }

  onApplicationShutdown(): void {
    clearTimeout(this.timer);
    clearInterval(this.timer);
  }

  private async sweep(): Promise<void> {
    try {
      const result = await sweepFiles(this.pool, this.store);
      if (result.abandonedContents + result.orphans > 0) this.logger.log({ msg: 'file sweep', ...result });
    } catch (err) {
      this.logger.warn(`file sweep failed: ${(err as Error).message}`);
    }
  }
}
