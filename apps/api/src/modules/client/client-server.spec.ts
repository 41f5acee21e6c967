import { afterEach, describe, expect, it } from '@jest/globals';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ClientEndpoint } from './client.endpoint.js';
import { createClientServer, serveClientEndpoint, splitClientCalls } from './client-server.js';

/** An endpoint that echoes the parsed body, standing in for ClientEndpoint. */
const echoEndpoint = {
  handle: async (request: FastifyRequest, reply: FastifyReply) => {
    await reply.send({ echoed: request.body });
  },
} as unknown as ClientEndpoint;

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** The API's split listener on a real port: client calls to a client server, the rest to a stand-in for Nest. */
async function start() {
  const client = createClientServer({ logger: false });
  await serveClientEndpoint(client, echoEndpoint);
  server = createServer(splitClientCalls((_request, response) => response.writeHead(299).end('nest'), client));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const post = (path: string, body: string, contentType = 'application/json') =>
    fetch(base + path, { method: 'POST', headers: { 'content-type': contentType }, body });
  return { client, base, post };
}

describe('client server', () => {
  it('takes POST /v1 with or without a query string and leaves every other request to Nest', async () => {
    const { base, post } = await start();
    for (const path of ['/v1', '/v1?from=launcher']) {
      const res = await post(path, '{"type":"init"}');
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ echoed: { type: 'init' } });
    }
    expect((await fetch(`${base}/v1`)).status).toBe(299);
    expect((await post('/v1/admin/apps', '{}')).status).toBe(299);
    expect((await post('/v10', '{}')).status).toBe(299);
  });

  it('answers a body it cannot parse in the client envelope, unsigned', async () => {
    const { post } = await start();
    const malformed = await post('/v1', '{"type":');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ success: false, message: 'Malformed JSON body', data: {} });
    const form = await post('/v1', 'type=init', 'application/x-www-form-urlencoded');
    expect(form.status).toBe(415);
    expect(form.headers.get('x-content-type-options')).toBe('nosniff');
    expect(form.headers.get('cache-control')).toBe('no-store');
    expect(await form.json()).toEqual({ success: false, message: 'Content-Type must be application/json', data: {} });
  });

  it('answers 503 once closed (main.ts closes it only after the HTTP server, so nothing in flight sees it)', async () => {
    const { client, post } = await start();
    await client.close();
    const res = await post('/v1', '{"type":"init"}');
    expect(res.status).toBe(503);
    expect(res.headers.get('connection')).toBe('close');
  });
});
