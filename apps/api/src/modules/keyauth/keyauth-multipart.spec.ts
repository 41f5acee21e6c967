import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import { type IncomingMessage, request as httpRequest } from 'node:http';
import { PassThrough } from 'node:stream';
import { acceptMultipartFields, readMultipartFields } from './keyauth-multipart.js';

const BODY_LIMIT = 8 * 1024;

/** A FormData as the bytes and content type a client sends. */
async function encoded(form: FormData): Promise<{ payload: Buffer; contentType: string }> {
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

function formOf(fields: [string, string | Blob][]): FormData {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  return form;
}

describe('acceptMultipartFields', () => {
  let server: FastifyInstance;
  let url: string;

  beforeAll(async () => {
    server = Fastify({ bodyLimit: BODY_LIMIT });
    acceptMultipartFields(server);
    server.setErrorHandler((error: { statusCode?: number; message: string }, _request, reply) =>
      reply.status(error.statusCode ?? 500).send({ refused: error.message }),
    );
    server.post('/', async (request) => ({ body: request.body }));
    url = await server.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(() => server.close());

  const send = async (payload: Buffer | string, contentType: string) => {
    const response = await fetch(url, { method: 'POST', body: payload, headers: { 'content-type': contentType } });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  };
  const post = async (form: FormData) => {
    const { payload, contentType } = await encoded(form);
    return send(payload, contentType);
  };

  it('gives the fields as the body, a name sent twice as an array', async () => {
    const answer = await post(
      formOf([
        ['type', 'init'],
        ['name', 'Grüße'],
        ['twice', 'a'],
        ['twice', 'b'],
      ]),
    );
    expect(answer).toEqual({ status: 200, json: { body: { type: 'init', name: 'Grüße', twice: ['a', 'b'] } } });
  });

  it('refuses a file part, an over-long field or too many fields with a 4xx, once the body is read', async () => {
    const cases: Record<string, FormData> = {
      file: formOf([
        ['type', 'init'],
        ['upload', new File(['payload'], 'payload.bin')],
      ]),
      longField: formOf([['message', 'x'.repeat(64 * 1024 + 1)]]),
      manyFields: formOf(Array.from({ length: 65 }, (_, i): [string, string] => [`f${i}`, 'v'])),
    };
    for (const [label, form] of Object.entries(cases)) {
      const { status, json } = await post(form);
      expect([label, status, json.refused]).toEqual([label, 400, expect.stringMatching(/^A KeyAuth call /)]);
    }
  });

  it('refuses a body declared over the limit at once, before it is sent', async () => {
    const { contentType } = await encoded(formOf([['type', 'init']]));
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const request = httpRequest(url, {
        method: 'POST',
        headers: { 'content-type': contentType, 'content-length': String(BODY_LIMIT + 1) },
      });
      request.on('response', (response) => {
        response.resume();
        resolve(response.statusCode);
        request.destroy();
      });
      request.on('error', reject);
      request.flushHeaders();
    });
    expect(status).toBe(400);
  });

  it('refuses a multipart body without a boundary, or cut short, with a 4xx', async () => {
    const noBoundary = await send('type=init', 'multipart/form-data');
    expect(noBoundary.status).toBe(400);
    const { payload, contentType } = await encoded(formOf([['type', 'init']]));
    const cut = await send(payload.subarray(0, payload.length - 10), contentType);
    expect(cut.status).toBe(400);
  });

  it('stops reading a refused body once it passes the limit, sent without a length', async () => {
    const { payload, contentType } = await encoded(formOf([['upload', new File(['payload'], 'payload.bin')]]));
    const body = new PassThrough();
    const request = { headers: { 'content-type': contentType }, routeOptions: { bodyLimit: BODY_LIMIT } };
    const fields = readMultipartFields(request as never, body as unknown as IncomingMessage);
    body.write(payload.subarray(0, payload.length - 10));
    body.write(Buffer.alloc(BODY_LIMIT));
    // The body never ends: the refusal comes from the limit, not from the end of the upload.
    await expect(fields).rejects.toMatchObject({
      statusCode: 400,
      message: 'A KeyAuth call body is over its size limit',
    });
  });

  it('refuses an upload cut off before its end, its error handled', async () => {
    const { payload, contentType } = await encoded(formOf([['type', 'init']]));
    const body = new PassThrough();
    const request = { headers: { 'content-type': contentType }, routeOptions: { bodyLimit: BODY_LIMIT } };
    const fields = readMultipartFields(request as never, body as unknown as IncomingMessage);
    body.write(payload.subarray(0, payload.length - 10));
    body.destroy(new Error('aborted'));
    await expect(fields).rejects.toMatchObject({
      statusCode: 400,
      message: 'A KeyAuth call body was cut off before its end',
    });
  });
});
