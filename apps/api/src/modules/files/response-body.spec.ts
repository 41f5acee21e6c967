import { describe, expect, it } from '@jest/globals';
import { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { writeBody } from './response-body.js';

/** A socket stand-in: records each write call's buffers and holds its callback until `flush()`. */
class HeldSink extends Writable {
  readonly writes: Buffer[][] = [];
  private held: (() => void)[] = [];

  constructor() {
    super({ highWaterMark: 1 });
  }

  override _writev(chunks: { chunk: Buffer }[], callback: () => void): void {
    this.writes.push(chunks.map(({ chunk }) => chunk));
    this.held.push(callback);
  }

  override _write(chunk: Buffer, _encoding: string, callback: () => void): void {
    this._writev([{ chunk }], callback);
  }

  flush(): void {
    const held = this.held;
    this.held = [];
    for (const callback of held) callback();
  }
}

/** A source that counts the batches asked of it and whether it was stopped. */
function countingSource(batches: Buffer[][], failAt?: number) {
  const seen = { pulled: 0, stopped: false };
  async function* source(): AsyncGenerator<Buffer[]> {
    try {
      for (const batch of batches) {
        if (seen.pulled === failAt) throw new Error('record failed verification');
        seen.pulled += 1;
        yield batch;
      }
    } finally {
      seen.stopped = true;
    }
  }
  return { seen, source: source() };
}

const batch = (...bytes: number[]) => bytes.map((byte) => Buffer.alloc(4, byte));

describe('writeBody', () => {
  it('hands each batch to the socket in one write, and asks for the next only once there is room', async () => {
    const sink = new HeldSink();
    const { seen, source } = countingSource([batch(1, 2, 3), batch(4, 5)]);
    const written = writeBody(sink, source);
    await nextTurn();
    expect(sink.writes).toEqual([batch(1, 2, 3)]);
    expect(seen.pulled).toBe(1); // no room until the socket takes the first batch
    await nextTurn();
    expect(seen.pulled).toBe(1);
    sink.flush();
    await nextTurn();
    expect(seen.pulled).toBe(2);
    expect(sink.writes).toEqual([batch(1, 2, 3), batch(4, 5)]);
    sink.flush();
    await written;
    expect(Buffer.concat(sink.writes.flat())).toEqual(Buffer.concat([...batch(1, 2, 3), ...batch(4, 5)]));
    expect(seen.stopped).toBe(true);
  });

  it('a failing source destroys the response (a cut connection, never a short file) and rejects', async () => {
    const sink = new HeldSink();
    const { seen, source } = countingSource([batch(1), batch(2), batch(3)], 1);
    const written = writeBody(sink, source);
    await nextTurn();
    sink.flush();
    await expect(written).rejects.toThrow('record failed verification');
    expect(sink.destroyed).toBe(true);
    expect(sink.writableFinished).toBe(false);
    expect(seen.stopped).toBe(true);
  });

  it('a client that goes away stops the source and rejects as a premature close', async () => {
    const sink = new HeldSink();
    const { seen, source } = countingSource([batch(1), batch(2), batch(3)]);
    const written = writeBody(sink, source);
    await nextTurn();
    sink.destroy();
    await expect(written).rejects.toMatchObject({ code: 'ERR_STREAM_PREMATURE_CLOSE' });
    expect(seen.pulled).toBe(1);
    expect(seen.stopped).toBe(true);
  });
});
