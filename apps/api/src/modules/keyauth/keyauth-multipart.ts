import { Busboy, type BusboyHeaders } from '@fastify/busboy';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';

/**
 * Multipart bodies (KeyAuth's PHP client posts an array with curl, which
 * sends `multipart/form-data`): fields only, as few and as small as a KeyAuth
 * call has. A file part, a field cut at its limit, too many fields or a body
 * over the server's limit is refused before the handler, never served with
 * what was left.
 */
const MULTIPART_LIMITS = { files: 0, fields: 64, parts: 64, fieldNameSize: 64, fieldSize: 64 * 1024 };

/** A multipart call's fields: a name sent twice becomes an array, as the form parser gives it. */
export type MultipartFields = Record<string, string | string[]>;

const refusedPart = (why: string) => Object.assign(new Error(`A KeyAuth call ${why}`), { statusCode: 400 });

/**
 * Parses `multipart/form-data` bodies into their fields as the request's body,
 * as a content-type parser: unlike `@fastify/multipart`, which adds an
 * `onRequest` and an `onResponse` hook to every call of the server for the
 * files it can save, this costs the form-encoded calls, nearly all of them,
 * nothing (docs/decisions/performance.md).
 */
export function acceptMultipartFields(server: FastifyInstance): void {
  server.addContentTypeParser('multipart/form-data', (request, payload, done) => {
    readMultipartFields(request, payload).then(
      (fields) => done(null, fields),
      (err: Error) => done(err),
    );
  });
}

/** The fields of one multipart body, or a refusal (an Error with a 4xx `statusCode`). */
export function readMultipartFields(
  request: Pick<FastifyRequest, 'headers' | 'routeOptions'>,
  payload: IncomingMessage,
): Promise<MultipartFields> {
  return new Promise((resolve, reject) => {
    const bodyLimit = request.routeOptions.bodyLimit ?? Number.POSITIVE_INFINITY;
    // Over the limit: refused at once, the connection closed, as Fastify answers any other body over it.
    if (Number(request.headers['content-length']) > bodyLimit) {
      reject(refusedPart('body is over its size limit'));
      return;
    }
    const fields: MultipartFields = Object.create(null);
    let parser: InstanceType<typeof Busboy>;
    try {
      parser = new Busboy({ headers: request.headers as BusboyHeaders, limits: MULTIPART_LIMITS });
    } catch {
      reject(refusedPart('is not a well-formed multipart body'));
      return;
    }
    let settled = false;
    let received = 0;
    // Past the limit, or once the upload is cut off, nothing more is worth reading: refused now.
    const refuseAtOnce = (why: string) => {
      settled = true;
      reject(refusedPart(why));
    };
    // Within the limit, the rest of the body is read first, so the client is not cut off mid-upload.
    const refuseOnceRead = (why: string) => {
      if (settled) return;
      settled = true;
      payload.unpipe(parser);
      if (payload.readableEnded) return reject(refusedPart(why));
      payload.once('end', () => reject(refusedPart(why)));
      payload.resume();
    };
    // An upload cut off (the client gone, the connection reset) will send nothing more.
    // `pipe` forwards no error of its source; this listener also keeps such an error from going unhandled.
    const cutOff = () => refuseAtOnce('body was cut off before its end');
    payload.once('error', cutOff);
    payload.once('close', () => {
      if (!payload.readableEnded) cutOff();
    });
    // Counted while a refused body is read to its end too: past the limit, that wait ends as well.
    payload.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > bodyLimit) refuseAtOnce('body is over its size limit');
    });
    parser.on('field', (name, value, nameTruncated, valueTruncated) => {
      if (nameTruncated || valueTruncated) return refuseOnceRead('field is over its size limit');
      const earlier = fields[name];
      fields[name] = earlier === undefined ? value : [earlier, value].flat();
    });
    parser.on('file', (_name, stream) => {
      stream.resume();
      refuseOnceRead('carries fields only, no files');
    });
    parser.on('filesLimit', () => refuseOnceRead('carries fields only, no files'));
    parser.on('fieldsLimit', () => refuseOnceRead('has too many fields'));
    parser.on('partsLimit', () => refuseOnceRead('has too many fields'));
    parser.on('error', () => refuseOnceRead('is not a well-formed multipart body'));
    parser.on('finish', () => {
      if (settled) return;
      settled = true;
      resolve(fields);
    });
    payload.pipe(parser);
  });
}
