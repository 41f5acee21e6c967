import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';

/**
 * Writes a download's body to `response` and ends it: each batch corked into
 * one socket write (a writev of its buffers), the next batch asked for only
 * once the socket has room. An end-to-end MiB is 32 buffers (16 records and
 * their tags); written one stream step and one syscall each, as `pipeline`
 * over `Readable.from` did, they cost more CPU than sealing them
 * (docs/decisions/files.md, "Downloads at speed").
 *
 * Resolves once every byte has been handed to the network. Rejects, with the
 * response destroyed so that the client sees a cut connection and never a
 * short file, when the source fails; rejects with ERR_STREAM_PREMATURE_CLOSE
 * when the client goes away. Either way the source is stopped (its `finally`
 * blocks run) before this settles.
 */
export async function writeBody(response: Writable, batches: AsyncIterable<readonly Buffer[]>): Promise<void> {
  const done = finished(response);
  // Awaited below: until then a client's early close is only watched, not an unhandled rejection.
  done.catch(() => undefined);
  try {
    for await (const batch of batches) {
      if (response.destroyed) await done;
      response.cork();
      let room = true;
      for (const buffer of batch) room = response.write(buffer);
      response.uncork();
      if (!room) await Promise.race([once(response, 'drain'), done]);
    }
  } catch (err) {
    response.destroy(err as Error);
    throw err;
  }
  response.end();
  await done;
}

/** A stream of buffers as batches of one (plaintext pieces are a MiB each: nothing to gather). */
export async function* eachAlone(pieces: AsyncIterable<Buffer>): AsyncGenerator<Buffer[]> {
  for await (const piece of pieces) yield [piece];
}
