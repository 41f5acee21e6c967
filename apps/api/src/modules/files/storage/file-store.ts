/**
 * Where encrypted file content lives. A content is an ordered list of
 * records (opaque ciphertext, each at most 1 MiB) under a UUID. The store
 * never sees a key or a plaintext byte, and checks nothing about the records:
 * verification happens when they are opened (at-rest-cipher.ts).
 */
export interface FileStore {
  /** Starts a new content; its records are then written in order. */
  create(contentId: string): Promise<ContentWriter>;
  /**
   * The records of a content, in order, read as they are consumed. Throws
   * when it is missing. A record is only valid until the next one is asked
   * for: stores decode into a few buffers they reuse, so a download's memory
   * stays flat whatever the file's size.
   */
  read(contentId: string): AsyncIterable<Buffer>;
  /** Removes a content; removing a missing one is not an error. */
  delete(contentId: string): Promise<void>;
  /** Every content id the store holds, for the sweep of orphans. */
  list(): AsyncIterable<string>;
}

export interface ContentWriter {
  write(record: Buffer): Promise<void>;
  /** Makes the written records durable; call before anything refers to the content. */
  close(): Promise<void>;
  /** Gives up: releases what the writer holds and removes what it wrote. */
  abort(): Promise<void>;
}

/** Injection token of the configured store. */
export const FILE_STORE = Symbol('FILE_STORE');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Content ids are UUIDs made by the service; anything else is a bug, and must never reach a path. */
export function assertContentId(contentId: string): void {
  if (!UUID.test(contentId)) throw new Error(`invalid content id ${JSON.stringify(contentId)}`);
}
