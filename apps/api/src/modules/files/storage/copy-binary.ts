/** PostgreSQL's binary COPY header: an 11-byte signature, 4 bytes of flags, 4 of header-extension length. */
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const HEADER_BYTES = SIGNATURE.length + 8;

/**
 * Decodes the output of `COPY (SELECT <one bytea column> ...) TO STDOUT
 * (FORMAT binary)` selecting at most `maxRows` rows: the values are written
 * one after another into `into` and views of them returned, in order (none
 * when no row came). The chunks are copied as they arrive, so nothing but
 * `into` holds the values.
 */
export async function readCopiedByteas(
  chunks: AsyncIterable<Buffer>,
  into: Buffer,
  maxRows: number,
): Promise<Buffer[]> {
  // Fixed-size parts (header, field count, length) are gathered here across chunk ends.
  const scratch = Buffer.alloc(HEADER_BYTES);
  let need = HEADER_BYTES;
  let gathered = 0;
  let state: 'header' | 'fields' | 'length' | 'value' | 'done' = 'header';
  const values: Buffer[] = [];
  /** Where the current value starts in `into`: after the ones before it. */
  let start = 0;
  let length = -1;
  let filled = 0;

  for await (const chunk of chunks) {
    let offset = 0;
    while (offset < chunk.length) {
      if (state === 'done') throw new Error('bytes after the end of a binary COPY');
      if (state === 'value') {
        const end = offset + Math.min(length - filled, chunk.length - offset);
        const copied = chunk.copy(into, start + filled, offset, end);
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
          if (fields !== 1) throw new Error(`expected one column, got ${fields}`);
          if (values.length === maxRows) throw new Error(`more rows than the ${maxRows} asked for`);
          [state, need, gathered] = ['length', 4, 0];
        }
      } else {
        if (values.length > 0) start += length;
        length = scratch.readInt32BE(0);
        if (length < 0 || start + length > into.length) {
          throw new Error(`a value of ${length} bytes does not fit the ${into.length - start} left`);
        }
        values.push(into.subarray(start, start + length));
        filled = 0;
        state = length === 0 ? 'fields' : 'value';
        [need, gathered] = [2, 0];
      }
    }
  }
  if (state !== 'done') throw new Error('binary COPY ended early');
  return values;
}
