import { mkdir, open, readdir, rename, rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { STORED_CHUNK_BYTES } from '../at-rest-cipher.js';
import { BufferPool } from './buffer-pool.js';
import { assertContentId, type ContentWriter, type FileStore } from './file-store.js';

const LENGTH_BYTES = 4;
/** Written next to the final name and renamed on close, so a content file is never seen half written. */
const PARTIAL = '.partial';

/**
 * `FILE_STORAGE=fs`: one file per content in a directory, each record
 * preceded by its length (4 bytes, big-endian). Suits a single server or a
 * shared volume; the ciphertext alone reveals nothing without the database
 * and MASTER_KEY.
 */
export class FsFileStore implements FileStore {
  /** One per download in flight; eight kept idle (8 MiB). */
  readonly buffers = new BufferPool(STORED_CHUNK_BYTES, 8);

  constructor(private readonly dir: string) {}

  /** Creates the directory when missing; fails (at start) when it cannot be written. */
  async prepare(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const probe = path.join(this.dir, `.probe-${process.pid}`);
    const handle = await open(probe, 'w');
    await handle.close();
    await rm(probe);
  }

  async create(contentId: string): Promise<ContentWriter> {
    const target = this.path(contentId);
    const handle = await open(target + PARTIAL, 'wx');
    const header = Buffer.alloc(LENGTH_BYTES);
    return {
      write: async (record) => {
        header.writeUInt32BE(record.length);
        // writeFile on a handle writes everything from the current position (write may stop short).
        await handle.writeFile(header);
        await handle.writeFile(record);
      },
      close: async () => {
        await handle.sync();
        await handle.close();
        await rename(target + PARTIAL, target);
      },
      abort: async () => {
        await handle.close().catch(() => undefined);
        await this.delete(contentId);
      },
    };
  }

  async *read(contentId: string): AsyncGenerator<Buffer> {
    const handle = await open(this.path(contentId), 'r');
    // One header and one record buffer for the whole read (see FileStore.read).
    const header = Buffer.allocUnsafe(LENGTH_BYTES);
    const record = this.buffers.take();
    try {
      let position = 0;
      for (;;) {
        if (!(await readExactly(handle, position, header, true))) return;
        const length = header.readUInt32BE(0);
        if (length > STORED_CHUNK_BYTES) throw new Error(`record of ${length} bytes at ${position}`);
        await readExactly(handle, position + LENGTH_BYTES, record.subarray(0, length), false);
        position += LENGTH_BYTES + length;
        yield record.subarray(0, length);
      }
    } finally {
      this.buffers.give(record);
      await handle.close();
    }
  }

  async delete(contentId: string): Promise<void> {
    const target = this.path(contentId);
    await rm(target, { force: true });
    await rm(target + PARTIAL, { force: true });
  }

  async *list(): AsyncGenerator<string> {
    const seen = new Set<string>();
    for (const name of await readdir(this.dir)) {
      const id = name.endsWith(PARTIAL) ? name.slice(0, -PARTIAL.length) : name;
      if (/^[0-9a-f-]{36}$/.test(id) && !seen.has(id)) {
        seen.add(id);
        yield id;
      }
    }
  }

  private path(contentId: string): string {
    assertContentId(contentId);
    return path.join(this.dir, contentId);
  }
}

/**
 * Fills `buffer` from `position`; false at a clean end of file when
 * `endAllowed`, else an error.
 */
async function readExactly(
  handle: FileHandle,
  position: number,
  buffer: Buffer,
  endAllowed: boolean,
): Promise<boolean> {
  const length = buffer.length;
  let filled = 0;
  while (filled < length) {
    const { bytesRead } = await handle.read(buffer, filled, length - filled, position + filled);
    if (bytesRead === 0) {
      if (filled === 0 && endAllowed) return false;
      throw new Error(`content file ends inside a record at ${position}`);
    }
    filled += bytesRead;
  }
  return true;
}
