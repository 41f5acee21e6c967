import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import { chunkCount, PLAIN_CHUNK_BYTES, STORED_CHUNK_BYTES } from '../at-rest-cipher.js';
import { CacheFills } from '../cache-fills.js';
import type { ContentWriter } from './file-store.js';
import { FsFileStore } from './fs-file-store.js';

/** Injection token of the disk cache: a DiskRecordCache, or null when FILE_DISK_CACHE_DIR is unset. */
export const DISK_RECORD_CACHE = Symbol('DISK_RECORD_CACHE');

/** This process's directory under FILE_DISK_CACHE_DIR; the only names the cache ever removes there. */
const PROCESS_DIR = /^process-(\d+)$/;

/**
 * The stored records of contents read from PostgreSQL, kept as files on this
 * machine's disk (FILE_DISK_CACHE_DIR, at most FILE_DISK_CACHE_BYTES, least
 * recently used removed first), so a file too large for the memory cache is
 * read from PostgreSQL once per process rather than once per download:
 * PostgreSQL sending a value in 8 KiB writes is most of the cost of a
 * download from it (docs/decisions/files.md, "Downloads at speed").
 *
 * It keeps ciphertext, in the fs store's format: every read opens and
 * verifies the records as a read from PostgreSQL does, and the disk holds
 * nothing readable without the database and MASTER_KEY. Each API process
 * has a directory of its own, emptied when it starts (its index lives in
 * memory); directories of processes no longer running are removed then too.
 * Keeping is best effort: a write that fails (a full disk) only means the
 * content is not kept.
 */
export class DiskRecordCache {
  private readonly files: FsFileStore;
  private readonly dir: string;
  /** Kept contents and their bytes on disk; an entry pushed out takes its file with it. */
  private readonly entries: LRUCache<string, number>;
  private readonly fills: CacheFills;
  /** File removals under way (an entry pushed out, a recording given up). */
  private readonly removals = new Set<Promise<void>>();

  constructor(
    private readonly parentDir: string,
    budgetBytes: number,
  ) {
    this.dir = path.join(parentDir, `process-${process.pid}`);
    this.files = new FsFileStore(this.dir);
    this.fills = new CacheFills(budgetBytes);
    this.entries = new LRUCache<string, number>({
      maxSize: Math.max(1, budgetBytes),
      sizeCalculation: (bytes) => Math.max(1, bytes),
      dispose: (_bytes, contentId, reason) => {
        if (reason !== 'set') this.track(this.files.delete(contentId));
      },
    });
  }

  /** Empties this process's directory and removes those of processes that are gone; fails (at start) when it cannot write. */
  async prepare(): Promise<void> {
    const names = await readdir(this.parentDir).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [];
      throw err;
    });
    for (const name of names) {
      const pid = PROCESS_DIR.exec(name)?.[1];
      if (pid && (Number(pid) === process.pid || !isRunning(Number(pid)))) {
        await rm(path.join(this.parentDir, name), { recursive: true, force: true });
      }
    }
    await this.files.prepare();
  }

  /** Removes this process's directory (at shutdown: its index goes with the process). */
  async close(): Promise<void> {
    this.entries.clear();
    await this.removed();
    await rm(this.dir, { recursive: true, force: true });
  }

  /**
   * The records of a kept content, most recently used from now on, or null
   * when it is not kept (or its file went: then it is forgotten).
   */
  async open(contentId: string): Promise<AsyncGenerator<Buffer> | null> {
    if (this.entries.get(contentId) === undefined) return null;
    const records = this.files.read(contentId)[Symbol.asyncIterator]() as AsyncGenerator<Buffer>;
    let first: IteratorResult<Buffer>;
    try {
      first = await records.next();
    } catch {
      this.entries.delete(contentId);
      return null;
    }
    return (async function* () {
      try {
        if (first.done) return;
        yield first.value;
        yield* records;
      } finally {
        await records.return(undefined);
      }
    })();
  }

  /**
   * A recording of the records of a `size`-byte content as a read from the
   * store passes them on, or null when it will not be kept: larger than an
   * entry may be, written by another read already, or the recordings under
   * way would pass the budget.
   */
  record(contentId: string, size: number): DiskRecording | null {
    const bytes = storedBytes(size);
    const fill = this.entries.has(contentId) ? null : this.fills.start(contentId, bytes);
    if (!fill) return null;
    let writer: ContentWriter | null = null;
    let failed = false;
    const giveUp = () => {
      failed = true;
      if (writer) this.track(writer.abort());
    };
    const files = this.files;
    return {
      through: async function* (records) {
        for await (const record of records) {
          // Written before it is passed on: a store reuses its buffers once the next record is asked for.
          if (!failed) {
            try {
              writer ??= await files.create(contentId);
              await writer.write(record);
            } catch {
              giveUp();
            }
          }
          yield record;
        }
      },
      keep: async () => {
        if (fill.ended) return;
        fill.end();
        if (failed || !writer || fill.removed) return giveUp();
        try {
          await writer.close();
          this.entries.set(contentId, bytes);
        } catch {
          giveUp();
        }
      },
      drop: () => {
        if (fill.ended) return;
        fill.end();
        giveUp();
      },
    };
  }

  /** Forgets a content (removed, or found damaged), removes its file, and keeps a recording of it under way from being kept. */
  delete(contentId: string): void {
    this.entries.delete(contentId);
    this.fills.remove(contentId);
  }

  /** Resolves once every file removal started so far has ended. */
  async removed(): Promise<void> {
    await Promise.all(this.removals);
  }

  private track(removal: Promise<void>): void {
    const tracked: Promise<void> = removal.catch(() => undefined).finally(() => this.removals.delete(tracked));
    this.removals.add(tracked);
  }

  /** Bytes kept now (for tests and metrics). */
  get heldBytes(): number {
    return this.entries.calculatedSize;
  }
}

/** A content's records written to disk while a read from the store passes them on. */
export interface DiskRecording {
  /** Passes records on, each written before it goes on. */
  through(records: AsyncIterable<Buffer>): AsyncGenerator<Buffer>;
  /** The read completed and verified: the file is closed and kept. Harmless after drop(). */
  keep(): Promise<void>;
  /** The read stopped or failed: what was written is removed. Harmless after keep(). */
  drop(): void;
}

/** Bytes of a `size`-byte content in the fs store's format: every record adds its tag and a 4-byte length. */
function storedBytes(size: number): number {
  return size + chunkCount(size) * (STORED_CHUNK_BYTES - PLAIN_CHUNK_BYTES + 4);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
