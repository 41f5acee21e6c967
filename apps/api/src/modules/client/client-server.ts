import { Logger } from '@nestjs/common';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { IncomingMessage, RequestListener } from 'node:http';
import { fastifyMessage } from '../../common/http-exception.filter.js';
import { useJsonBodyParser } from '../../common/input/json-body.js';
import { registerRequestIdHeader } from '../../common/logging.js';
import { dropUnreadBody } from '../../common/input/unread-body.js';
import type { ClientEndpoint } from './client.endpoint.js';
import { recordClientCall } from './client-metrics.js';

/**
 * The Fastify instance of `POST /v1`, sharing the API's HTTP server and port
 * with Nest's instance (see `splitClientCalls`). Every hook on Nest's instance
 * runs for every route it holds: Nest's six lifecycle hooks and its middleware
 * runner, helmet's two, multipart's two, the security-headers `onSend`. None
 * of them does anything for client software (a fifth of `init`'s CPU:
 * docs/decisions/performance.md, "The `/v1` hot path"). Here a call runs the request id, the answer headers, the
 * JSON body parser, the handler and, for a failed call, the log line.
 *
 * `options` are the ones Nest's instance is built with (body limit, proxy
 * trust, prototype-poisoning handling, logging), so both answer alike. The
 * route is added by `serveClientEndpoint` once Nest has built the endpoint.
 */
export function createClientServer(options: FastifyServerOptions): FastifyInstance {
  const server = Fastify(options);
  const logger = new Logger('ClientServer');
  registerRequestIdHeader(server);
  useJsonBodyParser(server);
  // Reached only by what fails before the handler (which answers every error itself):
  // an unreadable, oversized or non-JSON body. The app is not known yet, so unsigned.
  server.setErrorHandler(async (error: FastifyError, request, reply) => {
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) logger.error(error);
    const message = status === 500 ? 'Internal server error' : fastifyMessage(error);
    await dropUnreadBody(request.raw);
    recordClientCall(undefined, status, reply.elapsedTime);
    return reply
      .status(status)
      .header('content-type', 'application/json; charset=utf-8')
      .send({ success: false, message, data: {} });
  });
  return server;
}

/** The headers of every `POST /v1` answer (contract, "Operations"): answers carry tokens and secrets, so none is cached. */
const ANSWER_HEADERS = { 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' };

/**
 * `onRequest` hook of `POST /v1`, in place of helmet (which this instance does
 * not have): helmet's browser headers (framing, HSTS, COOP, ...) mean nothing
 * to client software reading JSON, and a dozen headers per answer cost the hot
 * path a tenth of its throughput. Set before the body is parsed, so refusals
 * of a malformed body carry them too.
 */
function setAnswerHeaders(_request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  reply.headers(ANSWER_HEADERS);
  done();
}

/** Adds `POST /v1` to the client server and makes it ready to answer. */
export async function serveClientEndpoint(server: FastifyInstance, endpoint: ClientEndpoint): Promise<void> {
  server.post('/v1', { onRequest: setAnswerHeaders }, (request, reply) => endpoint.handle(request, reply));
  await server.ready();
}

/** `POST /v1`, with or without a query string: the calls the client server answers. */
function isClientCall(request: IncomingMessage): boolean {
  const url = request.url ?? '';
  return request.method === 'POST' && (url === '/v1' || url.startsWith('/v1?'));
}

/**
 * The HTTP request listener of the API's one server: client calls go to the
 * client server, everything else to Nest's instance (`nestHandler`).
 */
export function splitClientCalls(nestHandler: RequestListener, clientServer: FastifyInstance): RequestListener {
  return (request, response) => {
    if (isClientCall(request)) clientServer.routing(request, response);
    else nestHandler(request, response);
  };
}
