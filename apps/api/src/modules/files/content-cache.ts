import { LRUCache } from 'lru-cache';
import { CacheFills } from './cache-fills.js';

/**
 * The verified plaintext of recently downloaded contents, in this process's
 * memory, least recently used dropped first once FILE_CACHE_BYTES is full.
 * A vendor's file is the same bytes for every user who downloads it, so a
 * popular one is read from the store and opened once rather than once per
 * user: from PostgreSQL that read is most of a download's cost, and opening
 * the at-rest records most of the rest (docs/decisions/files.md, "Downloads
 * at speed").
 *
 * An entry is what a complete read from the store verified, record by
 * record. It is plaintext: the process holds MASTER_KEY, which opens every
 * content, so its memory was already where the files are readable; the
 * at-rest encryption keeps them from the database, its backups and the fs
 * store's disk, none of which the cache reaches. FILE_CACHE_BYTES=0 keeps no
 * plaintext past a download. Contents never change (a replacement is a new
 * content), so an entry is never stale; a removed content is dropped here,
 * and in other API processes it is unreachable (a link names a content that
 * still exists) and ages out.
 */
export class ContentCache {
  private readonly entries: LRUCache<string, Buffer[]> | null;
  private readonly fills: CacheFills;

  constructor(budgetBytes: number) {
    this.fills = new CacheFills(budgetBytes);
    this.entries =
      this.fills.maxEntryBytes > 0
        ? new LRUCache<string, Buffer[]>({
            maxSize: budgetBytes,
            // An empty file is one empty piece; the cache counts every entry as at least a byte.
            sizeCalculation: (pieces) => Math.max(1, totalBytes(pieces)),
          })
        : null;
  }

  /** The plaintext of a cached content, in pieces, most recently used from now on. */
  get(contentId: string): readonly Buffer[] | undefined {
    return this.entries?.get(contentId);
  }

  /**
   * A recording of the `size` bytes of `contentId` as a read passes them on,
   * or null when it will not be kept: the cache is off, the content is larger
   * than an entry may be, another read records it already, or the recordings
   * under way would reach the budget (so recordings and entries together stay
   * under twice FILE_CACHE_BYTES).
   */
  record(contentId: string, size: number): ContentRecording | null {
    const fill = this.entries ? this.fills.start(contentId, size) : null;
    if (!fill) return null;
    const pieces: Buffer[] = [];
    return {
      through: async function* (source) {
        for await (const piece of source) {
          pieces.push(piece);
          yield piece;
        }
      },
      keep: () => {
        if (!fill.ended && !fill.removed) this.entries?.set(contentId, pieces);
        fill.end();
      },
      drop: fill.end,
    };
  }

  /** Forgets a content that was removed, and keeps a recording of it under way from becoming an entry. */
  delete(contentId: string): void {
    this.entries?.delete(contentId);
    this.fills.remove(contentId);
  }

  /** Bytes held now (for tests and metrics). */
  get heldBytes(): number {
    return this.entries?.calculatedSize ?? 0;
  }
}

/** A content's plaintext gathered while it is read; kept only once the whole content verified. */
export interface ContentRecording {
  /**
   * Passes plaintext pieces on, keeping each as it is: the source must hand
   * out buffers of their own, never views of one it reuses (openChunks does).
   */
  through(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer>;
  /** The read completed and verified: the pieces become the content's entry. */
  keep(): void;
  /** The read stopped or failed: nothing is kept. Harmless after keep(). */
  drop(): void;
}

function totalBytes(pieces: readonly Buffer[]): number {
  return pieces.reduce((sum, piece) => sum + piece.length, 0);
}
