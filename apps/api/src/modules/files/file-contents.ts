import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { createHash, randomUUID } from 'node:crypto';
import { decryptWithMasterKey, encryptWithMasterKey } from '../../common/crypto.js';
import { Config } from '../../config/config.js';
import { ContentIntegrityError, newDataKey, openChunks, sealChunks } from './at-rest-cipher.js';
import { ContentCache } from './content-cache.js';
import { contentReads, measureContentCache, measureDiskCache } from './file-metrics.js';
import { DISK_RECORD_CACHE, type DiskRecordCache, type DiskRecording } from './storage/disk-record-cache.js';
import { FILE_STORE, type FileStore } from './storage/file-store.js';
import type { SqlPool } from './storage/postgres-file-store.js';
import { DELETE_CONTENT, INSERT_CONTENT, SEAL_CONTENT } from './files.queries.js';

/** Injection token of the pg pool the files module queries directly. */
export const FILES_POOL = Symbol('FILES_POOL');

export interface StoredContent {
  contentId: string;
  size: number;
  /** SHA-256 of the plaintext */
  sha256: Buffer;
}

/** What reading a content back needs, as the files queries return it. */
export interface ContentRef {
  contentId: string;
  wrappedKey: Buffer;
  size: number;
}

/**
 * One version of a file's bytes, encrypted at rest. Writing streams the
 * plaintext through a SHA-256 and the at-rest cipher into the store under a
 * fresh data key (stored wrapped under MASTER_KEY in `file_contents`); reading
 * streams it back, each record verified before any of it is handed on.
 */
@Injectable()
export class FileContents implements OnApplicationShutdown {
  private readonly logger = new Logger('FileContents');
  private readonly masterKey: Buffer;
  private readonly cache: ContentCache;

  constructor(
    @Inject(FILE_STORE) private readonly store: FileStore,
    @Inject(FILES_POOL) private readonly pool: SqlPool,
    @Inject(DISK_RECORD_CACHE) private readonly disk: DiskRecordCache | null,
    config: Config,
  ) {
    this.masterKey = config.masterKey;
    this.cache = new ContentCache(config.FILE_CACHE_BYTES);
    measureContentCache(this.cache);
    if (disk) measureDiskCache(disk);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.disk?.close();
  }

  /** Streams `plaintext` into a new content of `appId`. On any failure nothing is left behind. */
  async write(appId: string, plaintext: AsyncIterable<Buffer>): Promise<StoredContent> {
    const contentId = randomUUID();
    const key = newDataKey();
    // The row comes first: the sweep treats stored content without a row as an orphan.
    await this.pool.query(INSERT_CONTENT, [contentId, appId, encryptWithMasterKey(this.masterKey, key)]);
    const hash = createHash('sha256');
    let size = 0;
    async function* measured(): AsyncGenerator<Buffer> {
      for await (const piece of plaintext) {
        hash.update(piece);
        size += piece.length;
        yield piece;
      }
    }
    let writer;
    try {
      writer = await this.store.create(contentId);
      for await (const record of sealChunks(key, measured())) await writer.write(record);
      await writer.close();
      writer = undefined;
      const sha256 = hash.digest();
      await this.pool.query(SEAL_CONTENT, [contentId, size, sha256]);
      return { contentId, size, sha256 };
    } catch (err) {
      await writer?.abort().catch(() => undefined);
      await this.discard(contentId);
      throw err;
    }
  }

  /**
   * The plaintext of a content, verified record by record (ContentIntegrityError
   * on tampering) as it is read: from the cache of recent contents in memory,
   * else from the disk cache of records (FILE_DISK_CACHE_DIR), else from the
   * store. A read from the store that completes fills the caches it fits.
   */
  async *read(content: ContentRef): AsyncGenerator<Buffer> {
    const { contentId } = content;
    const cached = this.cache.get(contentId);
    if (cached) {
      contentReads.inc({ source: 'cache' });
      yield* cached;
      return;
    }
    const key = decryptWithMasterKey(this.masterKey, content.wrappedKey);
    const fromDisk = (await this.disk?.open(contentId)) ?? null;
    contentReads.inc({ source: fromDisk ? 'disk' : 'store' });
    const toDisk = fromDisk ? null : (this.disk?.record(contentId, content.size) ?? null);
    const records = fromDisk ?? this.fromStore(contentId, toDisk);
    const opened = openChunks(key, records, content.size);
    const recording = this.cache.record(contentId, content.size);
    try {
      yield* recording ? recording.through(opened) : opened;
      recording?.keep();
      void toDisk?.keep();
    } catch (err) {
      // A damaged file on this disk is dropped: the next read goes to the store.
      if (fromDisk && err instanceof ContentIntegrityError) this.disk?.delete(contentId);
      throw err;
    } finally {
      recording?.drop();
      toDisk?.drop();
    }
  }

  /** The stored records of a content, written to the disk cache as they pass when `toDisk` records them. */
  private fromStore(contentId: string, toDisk: DiskRecording | null): AsyncIterable<Buffer> {
    const stored = this.store.read(contentId);
    return toDisk ? toDisk.through(stored) : stored;
  }

  /**
   * Removes a content no file points at any more. Never throws: what cannot be
   * removed now is logged and left to the sweep.
   */
  async discard(contentId: string): Promise<void> {
    this.cache.delete(contentId);
    this.disk?.delete(contentId);
    try {
      await this.store.delete(contentId);
      await this.pool.query(DELETE_CONTENT, [contentId]);
    } catch (err) {
      this.logger.warn(`content ${contentId} left for the sweep: ${(err as Error).message}`);
    }
  }
}
