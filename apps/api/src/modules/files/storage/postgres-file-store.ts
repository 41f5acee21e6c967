import { to as copyTo } from 'pg-copy-streams';
import { STORED_CHUNK_BYTES } from '../at-rest-cipher.js';
import { BufferPool } from './buffer-pool.js';
import { readCopiedByteas } from './copy-binary.js';
import { assertContentId, type ContentWriter, type FileStore } from './file-store.js';
import { CHUNKED_CONTENTS, copyChunks, DELETE_CHUNKS, INSERT_CHUNK } from '../files.queries.js';

/**
 * Records one query fetches: one round trip, one connection checkout and one
 * COPY start for this many MiB. The connection is held while the batch
 * streams (a few milliseconds), never for a whole download.
 */
const RECORDS_PER_QUERY = 4;

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
 * serves every file with no other service. Each record is its own row, read
 * a few per round trip, so memory holds a few records, never a file. Rows
 * belong to a `file_contents` row and go with it (foreign key, cascade).
 */
export class PostgresFileStore implements FileStore {
  /** Two per download in flight; four kept idle (16 MiB). */
  readonly buffers = new BufferPool(RECORDS_PER_QUERY * STORED_CHUNK_BYTES, 4);

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
    // The next batch is on its way while the current one is sent: PostgreSQL
    // reads while this process decrypts and writes. Batch b is decoded into
    // buffer b % 2: the one read ahead never lands on the one the consumer
    // holds records of, and a download uses these two buffers and no others,
    // whatever its size.
    const buffers = [this.buffers.take(), this.buffers.take()];
    const fetch = (batch: number) => {
      const records = this.records(contentId, batch * RECORDS_PER_QUERY, buffers[batch % 2]!);
      // A read-ahead that fails after the consumer stopped must not go unhandled.
      records.catch(() => undefined);
      return records;
    };
    let ahead = fetch(0);
    try {
      for (let batch = 0; ; batch++) {
        const records = await ahead;
        if (records.length === 0 && batch === 0) throw new Error(`content ${contentId} not found`);
        const full = records.length === RECORDS_PER_QUERY;
        if (full) ahead = fetch(batch + 1);
        yield* records;
        if (!full) return;
      }
    } finally {
      // Back to the pool once no COPY writes into them: a consumer that stopped early may leave a read-ahead running.
      const release = () => buffers.forEach((buffer) => this.buffers.give(buffer));
      void ahead.then(release, release);
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
   * Records `first` onwards (at most RECORDS_PER_QUERY; fewer at the end),
   * decoded one after another into `into` (views of it are returned). They
   * come by COPY in binary format: a plain SELECT would hand the bytea over
   * as hex text, two bytes of short-lived string for every byte of the file,
   * which under load piled up in V8's heap faster than it was collected.
   * The id is a checked UUID and the index an integer: COPY takes no parameters.
   */
  private async records(contentId: string, first: number, into: Buffer): Promise<Buffer[]> {
    assertContentId(contentId);
    if (!Number.isSafeInteger(first) || first < 0) throw new Error(`invalid record index ${first}`);
    const client = await this.pool.connect();
    let failure: Error | undefined;
    try {
      const copy = client.query(copyTo(copyChunks(contentId, first, RECORDS_PER_QUERY)));
      return await readCopiedByteas(copy, into, RECORDS_PER_QUERY);
    } catch (err) {
      failure = err as Error;
      throw err;
    } finally {
      // A COPY stopped half way leaves the connection mid-protocol: close it rather than reuse it.
      client.release(failure);
    }
  }
}
