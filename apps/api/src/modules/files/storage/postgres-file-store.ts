import { to as copyTo } from 'pg-copy-streams';
import { STORED_CHUNK_BYTES } from '../at-rest-cipher.js';
import { readCopiedBytea } from './copy-binary.js';
import { assertContentId, type ContentWriter, type FileStore } from './file-store.js';
import { CHUNKED_CONTENTS, copyChunk, DELETE_CHUNKS, INSERT_CHUNK } from '../files.queries.js';

/**
 * Records requested ahead of the one being read. Each holds a pool connection
 * while its query runs, which the client endpoint shares: one is enough to
 * keep PostgreSQL and this process busy at once (two measured no faster).
 */
const READ_AHEAD = 1;

/** What the store needs of a pg pool (TypeORM's own pool in the service, a plain one in tests). */
export interface SqlPool {
  query<R extends object = Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: R[] }>;
  connect(): Promise<PooledClient>;
}

/** A client checked out of the pool, for a COPY (which needs the connection to itself). */
export interface PooledClient {
  query<T>(submittable: T): T;
  release(destroy?: Error | boolean): void;
}

/**
 * The default store: records as rows of `file_chunks`, so every API process
 * serves every file with no other service. Each record is its own row and
 * its own round trip, so memory holds a few records, never a file. Rows
 * belong to a `file_contents` row and go with it (foreign key, cascade).
 */
export class PostgresFileStore implements FileStore {
  constructor(private readonly pool: SqlPool) {}

  async create(contentId: string): Promise<ContentWriter> {
    assertContentId(contentId);
    let index = 0;
    return {
      write: async (record) => {
        await this.pool.query(INSERT_CHUNK, [contentId, index, record]);
        index += 1;
      },
      // Each insert committed on its own.
      close: async () => undefined,
      abort: () => this.delete(contentId),
    };
  }

  async *read(contentId: string): AsyncGenerator<Buffer> {
    assertContentId(contentId);
    // The next records are on their way while the current one is sent:
    // PostgreSQL reads while this process decrypts and writes. Record i is
    // decoded into slot i % slots.length: the one read ahead never lands on
    // the one the consumer holds, and a download allocates these buffers and
    // no others, whatever its size.
    const slots = Array.from({ length: READ_AHEAD + 1 }, () => Buffer.allocUnsafeSlow(STORED_CHUNK_BYTES));
    const ahead: Array<Promise<Buffer | null>> = [];
    const fetch = (index: number) => {
      const record = this.record(contentId, index, slots[index % slots.length]!);
      // A read-ahead that fails after the consumer stopped must not go unhandled.
      record.catch(() => undefined);
      ahead.push(record);
    };
    for (let index = 0; index < READ_AHEAD; index++) fetch(index);
    for (let index = 0; ; index++) {
      const record = await ahead.shift()!;
      if (record === null) {
        if (index === 0) throw new Error(`content ${contentId} not found`);
        return;
      }
      fetch(index + READ_AHEAD);
      yield record;
    }
  }

  async delete(contentId: string): Promise<void> {
    assertContentId(contentId);
    await this.pool.query(DELETE_CHUNKS, [contentId]);
  }

  /** Distinct ids by skipping along the primary key, one index probe per content. */
  async *list(): AsyncGenerator<string> {
    const { rows } = await this.pool.query<{ content_id: string }>(CHUNKED_CONTENTS);
    for (const row of rows) yield row.content_id;
  }

  /**
   * One record, decoded into `into` (a view of it is returned). It comes by
   * COPY in binary format: a plain SELECT would hand the bytea over as hex
   * text, two bytes of short-lived string for every byte of the file, which
   * under load piled up in V8's heap faster than it was collected.
   * The id is a checked UUID and the index an integer: COPY takes no parameters.
   */
  private async record(contentId: string, index: number, into: Buffer): Promise<Buffer | null> {
    assertContentId(contentId);
    if (!Number.isSafeInteger(index) || index < 0) throw new Error(`invalid record index ${index}`);
    const client = await this.pool.connect();
    let failure: Error | undefined;
    try {
      const copy = client.query(copyTo(copyChunk(contentId, index)));
      return await readCopiedBytea(copy, into);
    } catch (err) {
      failure = err as Error;
      throw err;
    } finally {
      // A COPY stopped half way leaves the connection mid-protocol: close it rather than reuse it.
      client.release(failure);
    }
  }
}
