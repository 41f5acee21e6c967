import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { RequestListener } from 'node:http';
import { dropUnreadBody } from '../../common/input/unread-body.js';
import { registerRequestIdHeader } from '../../common/logging.js';
import { refuse, type StoreReceiverEndpoint } from './store-receiver.endpoint.js';

/** A store event's body is at most this big (Stripe's are a few KiB); past it 413. */
export const STORE_BODY_LIMIT_BYTES = 256 * 1024;

const STORE_WEBHOOK_PREFIX = '/store/webhooks/';

/** The headers of every receiver answer: answers carry keys, so none is cached. */
const ANSWER_HEADERS = { 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' };

/**
 * The Fastify instance of the store receiver, on the API's port beside the
 * client's and KeyAuth's. Every body, whatever its content type, reaches the
 * handler as the exact bytes received (signatures cover them), up to
 * STORE_BODY_LIMIT_BYTES.
 */
export function createStoreReceiverServer(options: FastifyServerOptions): FastifyInstance {
  const server = Fastify({ ...options, bodyLimit: STORE_BODY_LIMIT_BYTES });
  registerRequestIdHeader(server);
  server.removeAllContentTypeParsers();
  server.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  server.addHook('onRequest', (_request, reply, done) => {
    reply.headers(ANSWER_HEADERS);
    done();
  });
  server.setErrorHandler(async (error: FastifyError, request, reply) => {
    await dropUnreadBody(request.raw);
    return refuse(reply, error.statusCode === 413 ? 'PAYLOAD_TOO_LARGE' : 'STORE_EVENT_UNREADABLE');
  });
  server.setNotFoundHandler((_request, reply) => refuse(reply, 'ROUTE_NOT_FOUND'));
  return server;
}

/** Adds the receiver's route and makes the server ready. */
export async function serveStoreReceiver(server: FastifyInstance, endpoint: StoreReceiverEndpoint): Promise<void> {
  server.post<{ Params: { connectionId: string } }>(`${STORE_WEBHOOK_PREFIX}:connectionId`, (request, reply) =>
    endpoint.handle(request, reply),
  );
  await server.ready();
}

/** The request listener that sends store events to `storeServer` and everything else to `next`. */
export function splitStoreCalls(next: RequestListener, storeServer: FastifyInstance): RequestListener {
  return (request, response) => {
    if ((request.url ?? '').startsWith(STORE_WEBHOOK_PREFIX)) storeServer.routing(request, response);
    else next(request, response);
  };
}

/** The receiver's OpenAPI description (it has no controller). */
export function storeReceiverOpenApi() {
  return {
    post: {
      tags: ['store'],
      summary: 'A store’s webhook for one connection (docs/selling.md): signed by the store’s scheme, fulfilled once',
      parameters: [
        { name: 'connectionId', in: 'path' as const, required: true, schema: { type: 'string', format: 'uuid' } },
      ],
      requestBody: { content: { '*/*': { schema: { type: 'string', format: 'binary' } } } },
      responses: {
        '200': {
          description:
            'Applied, duplicate or ignored: `{ success, message, data: { keys } }` (Sellix, SellApp: the keys as text)',
        },
        '400': { description: 'Invalid signature, or an event that cannot be read (recorded)' },
        '404': { description: 'Unknown or disabled connection' },
        '413': { description: `Body over ${STORE_BODY_LIMIT_BYTES} bytes` },
        '422': { description: 'Unknown product, amount or currency refused, unknown order (recorded)' },
        '429': { description: 'Rate limit (STORE_WEBHOOK_RATE_LIMIT_PER_MINUTE)' },
      },
    },
  };
}
