import fastifyFormbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { RequestListener } from 'node:http';
import { registerRequestIdHeader } from '../../common/logging.js';
import type { KeyAuthEndpoint } from './keyauth.endpoint.js';
import { acceptMultipartFields } from './keyauth-multipart.js';
import type { KeyAuthSellerEndpoint } from './keyauth-seller.endpoint.js';
import { isSellerPath } from './keyauth-seller-wire.js';
import { KEYAUTH_INVALID, versionOfPath } from './keyauth-wire.js';

/** The headers of every KeyAuth answer: answers carry sessions and secrets, so none is cached. */
const ANSWER_HEADERS = { 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' };

/** The paths KeyAuth clients are pointed at, with and without the trailing slash. */
const KEYAUTH_PATHS = ['/api/1.3/', '/api/1.3', '/api/1.2/', '/api/1.2'];
const SELLER_PATHS = ['/api/seller/', '/api/seller'];

/**
 * The Fastify instance of the KeyAuth compatibility endpoint, on the API's
 * port beside the client endpoint's (like it, without Nest's per-request
 * layers). It parses form bodies (`@fastify/formbody`, and multipart fields
 * as PHP's `$_POST` reads them), which `/v1` refuses,
 * and answers every refusal before its handler in KeyAuth's way: the plain
 * `KeyAuth_Invalid`, since the app is not known yet.
 */
export async function createKeyAuthServer(options: FastifyServerOptions): Promise<FastifyInstance> {
  const server = Fastify(options);
  registerRequestIdHeader(server);
  await server.register(fastifyFormbody);
  acceptMultipartFields(server);
  server.addHook('onRequest', (_request, reply, done) => {
    reply.headers(ANSWER_HEADERS);
    done();
  });
  server.setErrorHandler(async (error: { statusCode?: number }, request, reply) => {
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
    if (isSellerPath(request.url)) {
      const answer = { success: false, message: 'The request could not be read (its body or fields)' };
      return reply.status(status).header('content-type', 'application/json; charset=utf-8').send(answer);
    }
    return reply.status(status).header('content-type', 'text/plain; charset=utf-8').send(KEYAUTH_INVALID);
  });
  return server;
}

/**
 * Adds the KeyAuth routes (GET too: one C++ client sends `file` as a GET with
 * a query string) and the seller API's (tools call it with GET mostly).
 */
export async function serveKeyAuthEndpoint(
  server: FastifyInstance,
  endpoint: KeyAuthEndpoint,
  sellerEndpoint: KeyAuthSellerEndpoint,
): Promise<void> {
  const routes = [
    ...KEYAUTH_PATHS.map((url) => ({ url, target: endpoint })),
    ...SELLER_PATHS.map((url) => ({ url, target: sellerEndpoint })),
  ];
  for (const { url, target } of routes) {
    server.route({
      method: ['GET', 'POST'],
      url,
      handler: (request, reply) => target.handle(request, reply),
    });
  }
  await server.ready();
}

/** The HTTP request listener that sends KeyAuth and seller calls to `keyAuthServer` and everything else to `next`. */
export function splitKeyAuthCalls(next: RequestListener, keyAuthServer: FastifyInstance): RequestListener {
  return (request, response) => {
    const url = request.url ?? '';
    if (versionOfPath(url) !== null || isSellerPath(url)) keyAuthServer.routing(request, response);
    else next(request, response);
  };
}

/** The fields of a KeyAuth call, form-encoded or multipart. */
const FIELDS_SCHEMA = {
  type: 'object',
  required: ['type', 'name', 'ownerid'],
  properties: {
    type: { type: 'string' },
    name: { type: 'string' },
    ownerid: { type: 'string', pattern: '^[A-Za-z0-9]{10}$' },
    sessionid: { type: 'string' },
  },
  additionalProperties: { type: 'string' },
};

/** The OpenAPI description of the KeyAuth endpoint (it has no controller), one per protocol version. */
export function keyAuthEndpointOpenApi(version: '1.3' | '1.2') {
  const signature =
    version === '1.3'
      ? '`x-signature-ed25519` = Ed25519(`x-signature-timestamp` + body) with the app key (hex; the key in hex is the ' +
        "settings' `publicKeyHex`); successes add `ownerid` and `code: 68`."
      : '`signature` = hex HMAC-SHA256 of the body under the app secret (`init`) or `enckey-secret` (later calls).';
  const operation = {
    tags: ['keyauth'],
    summary: `KeyAuth protocol ${version}, for shipped KeyAuth clients (docs/migrating-from-keyauth.md)`,
    description:
      'Form-encoded or multipart fields (no files; the query string is merged): `type`, `name`, `ownerid`, `sessionid` after `init`, and ' +
      "the type's own. Answers are HTTP 200 (429 on the rate limit), JSON with non-ASCII escaped, a `nonce`, " +
      `signed: ${signature} An unknown ownerid + name, or compatibility off: the plain \`KeyAuth_Invalid\`.`,
    requestBody: {
      content: {
        'application/x-www-form-urlencoded': { schema: FIELDS_SCHEMA },
        'multipart/form-data': { schema: FIELDS_SCHEMA },
      },
    },
    responses: { '200': { description: 'A KeyAuth answer `{ success, message, ... }`, signed' } },
  };
  return { post: operation, get: { ...operation, requestBody: undefined } };
}
