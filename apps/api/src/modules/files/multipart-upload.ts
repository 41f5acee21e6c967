import { FileMessage } from '@latchkey/contracts';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../common/errors.js';

/** A part of an upload, in the order the client sent it. */
export type UploadPart =
  | { kind: 'field'; name: string; value: string }
  | { kind: 'file'; name: string; filename: string; stream: AsyncIterable<Buffer> };

/**
 * Bytes a multipart body may carry beyond its file (boundaries, part headers,
 * the few small fields allowed): a body longer than the file limit plus this
 * is refused from its Content-Length, before a byte is read.
 */
const ENVELOPE_ALLOWANCE = 1024 * 1024;
const MAX_FIELDS = 10;
const MAX_FIELD_BYTES = 4096;

/**
 * The parts of a multipart upload, streamed: a file part must be consumed (or
 * drained) before the next part arrives. Errors of the body itself (not
 * multipart, malformed, a file over `maxFileBytes`, the client gone) surface
 * as 4xx AppErrors from the iteration or from the file stream, so the
 * consumer never mistakes them for its own failures.
 */
export async function* uploadParts(request: FastifyRequest, maxFileBytes: number): AsyncGenerator<UploadPart> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be multipart/form-data');
  }
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxFileBytes + ENVELOPE_ALLOWANCE) throw tooLarge(maxFileBytes);
  // A client gone before the body was asked for (the guards and a lookup run first) closed the request already:
  // the parser would wait for a 'close' that has been, holding the caller (and an import's transaction) forever.
  if (request.raw.destroyed) throw clientGone();

  const parts = request.parts({
    limits: { fileSize: maxFileBytes, files: 1, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, parts: MAX_FIELDS + 1 },
  });
  try {
    for (;;) {
      let next: IteratorResult<Multipart>;
      try {
        next = await parts.next();
      } catch (err) {
        throw bodyError(err, maxFileBytes);
      }
      if (next.done) return;
      const part = next.value;
      if (part.type === 'field') {
        if (part.valueTruncated) throw tooLong(part.fieldname);
        yield { kind: 'field', name: part.fieldname, value: String(part.value) };
      } else {
        yield { kind: 'file', name: part.fieldname, filename: part.filename, stream: guarded(part, maxFileBytes) };
      }
    }
  } finally {
    // A body left part-read (an upload refused or failed midway) is read and dropped, as Node does with a body
    // nobody read: otherwise the connection stalls and a client still sending never gets to read the answer.
    if (!request.raw.readableEnded) request.raw.unpipe().resume();
  }
}

/**
 * The file's bytes; a file over the limit fails as soon as busboy cuts it
 * (busboy would otherwise read, and drop, the rest of the part first).
 */
async function* guarded(part: MultipartFile, maxFileBytes: number): AsyncGenerator<Buffer> {
  part.file.once('limit', () => part.file.destroy(tooLarge(maxFileBytes)));
  try {
    for await (const piece of part.file) {
      if (part.file.truncated) throw tooLarge(maxFileBytes);
      yield piece as Buffer;
    }
  } catch (err) {
    throw bodyError(err, maxFileBytes);
  }
  if (part.file.truncated) throw tooLarge(maxFileBytes);
}

/** Reads a file part to its end without keeping it, so parsing can go on. */
export async function drain(stream: AsyncIterable<Buffer>): Promise<void> {
  for await (const _piece of stream) {
    // discarded
  }
}

/** A multipart field over MAX_FIELD_BYTES, named in `fields`. */
function tooLong(field: string): AppError {
  const message = `${field} is too long`;
  return new AppError('VALIDATION', message, { fields: [{ field, message }] });
}

function tooLarge(maxFileBytes: number): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', `${FileMessage.tooLarge}: the limit is ${maxFileBytes} bytes`);
}

/** The request's body cannot be read any more: no one is left to answer, so the code hardly matters. */
function clientGone(): AppError {
  return new AppError('BAD_REQUEST', 'The client closed the connection before the upload was read');
}

function bodyError(err: unknown, maxFileBytes: number): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(maxFileBytes);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return new AppError('VALIDATION', `An upload holds one file and at most ${MAX_FIELDS} fields`);
  }
  if (code === 'FST_MP_PREMATURE_CLOSE' || code === 'ECONNRESET') return clientGone();
  return new AppError('MALFORMED_BODY', 'Malformed multipart body');
}
