/** PostgreSQL's binary COPY header: an 11-byte signature, 4 bytes of flags, 4 of header-extension length. */
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const HEADER_BYTES = SIGNATURE.length + 8;

/**
 * Decodes the output of `COPY (SELECT <one bytea column> ...) TO STDOUT
 * (FORMAT binary)` selecting at most one row: its value is written into
 * `into` and a view of it returned, or null when no row came. The chunks
 * are copied as they arrive, so nothing but `into` holds the value.
 */
export async function readCopiedBytea(chunks: AsyncIterable<Buffer>, into: Buffer): Promise<Buffer | null> {
  // Fixed-size parts (header, field count, length) are gathered here across chunk ends.
  const scratch = Buffer.alloc(HEADER_BYTES);
  let need = HEADER_BYTES;
  let gathered = 0;
  let state: 'header' | 'fields' | 'length' | 'value' | 'done' = 'header';
  let length = -1;
  let filled = 0;
  let rows = 0;

  for await (const chunk of chunks) {
    let offset = 0;
    while (offset < chunk.length) {
      if (state === 'done') throw new Error('bytes after the end of a binary COPY');
      if (state === 'value') {
        const copied = chunk.copy(into, filled, offset, offset + Math.min(length - filled, chunk.length - offset));
        filled += copied;
        offset += copied;
        if (filled === length) [state, need, gathered] = ['fields', 2, 0];
        continue;
      }
      const copied = chunk.copy(scratch, gathered, offset, offset + Math.min(need - gathered, chunk.length - offset));
      gathered += copied;
      offset += copied;
      if (gathered < need) continue;
      if (state === 'header') {
        if (!scratch.subarray(0, SIGNATURE.length).equals(SIGNATURE)) throw new Error('not a binary COPY');
        [state, need, gathered] = ['fields', 2, 0];
      } else if (state === 'fields') {
        const fields = scratch.readInt16BE(0);
        if (fields === -1) {
          state = 'done';
        } else {
          if (fields !== 1 || ++rows > 1) throw new Error('expected at most one row of one column');
          [state, need, gathered] = ['length', 4, 0];
        }
      } else {
        length = scratch.readInt32BE(0);
        if (length < 0 || length > into.length)
          throw new Error(`a value of ${length} bytes does not fit ${into.length}`);
        filled = 0;
        state = length === 0 ? 'fields' : 'value';
        [need, gathered] = [2, 0];
      }
    }
  }
  if (state !== 'done') throw new Error('binary COPY ended early');
  return rows === 0 ? null : into.subarray(0, length);
}
