import { assertContentId, type ContentWriter, type FileStore } from './file-store.js';

/** 60 KiB: as hex text (2 characters a byte) a slice stays under V8's 128 KiB large-object threshold. */
const SLICE_BYTES = 60 * 1024;

/**
 * Records requested ahead of the one being read. Each holds a pool connection
 * while its query runs, which the client endpoint shares: one is enough to
 * keep PostgreSQL and this process busy at once (two measured no faster).
 */
const READ_AHEAD = 1;

/** What the store needs of a pg pool (TypeORM's own pool in the service, a plain one in tests). */
export interface SqlPool {
  query<R extends object = Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: R[] }>;
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
        await this.pool.query('INSERT INTO file_chunks (content_id, index, data) VALUES ($1, $2, $3)', [
          contentId,
          index,
          record,
        ]);
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
    // PostgreSQL reads and encodes while this process decrypts and writes.
    const ahead: Array<Promise<Buffer | null>> = [];
    const fetch = (index: number) => {
      const record = this.record(contentId, index);
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
    await this.pool.query('DELETE FROM file_chunks WHERE content_id = $1', [contentId]);
  }

  /** Distinct ids by skipping along the primary key, one index probe per content. */
  async *list(): AsyncGenerator<string> {
    const { rows } = await this.pool.query<{ content_id: string }>(
      `WITH RECURSIVE ids AS (
         (SELECT content_id FROM file_chunks ORDER BY content_id LIMIT 1)
         UNION ALL
         SELECT (SELECT c.content_id FROM file_chunks c WHERE c.content_id > ids.content_id
                  ORDER BY c.content_id LIMIT 1)
           FROM ids WHERE ids.content_id IS NOT NULL)
       SELECT content_id FROM ids WHERE content_id IS NOT NULL`,
    );
    for (const row of rows) yield row.content_id;
  }

  /**
   * One record, fetched in slices of SLICE_BYTES, one row each, in one round
   * trip. pg hands bytea over as hex text: a whole 1 MiB record would be a
   * 2 MiB string, which V8 keeps in its large-object space until a full
   * collection, so memory would climb with every record of a download. Slices
   * stay small enough to die young. (With storage EXTERNAL, PostgreSQL reads
   * only the slice's part of the value.)
   */
  private async record(contentId: string, index: number): Promise<Buffer | null> {
    const { rows } = await this.pool.query<{ piece: Buffer }>(
      `SELECT substring(data FROM start FOR $3) AS piece
         FROM file_chunks, generate_series(1, greatest(length(data), 1), $3) AS start
        WHERE content_id = $1 AND index = $2
        ORDER BY start`,
      [contentId, index, SLICE_BYTES],
    );
    return rows.length === 0 ? null : Buffer.concat(rows.map((row) => row.piece));
  }
}
