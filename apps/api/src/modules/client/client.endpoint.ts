import { Injectable, Logger } from '@nestjs/common';
import {
  CLIENT_REQUEST_TYPES,
  ClientLimits,
  NONCE_MESSAGE,
  SIGNATURE_HEADER,
  SIGNATURE_TIMESTAMP_HEADER,
} from '@latchkey/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../common/errors.js';
import { findHostileInput } from '../../common/input/hostile-input.js';
import { isServiceUnavailable } from '../../common/unavailable.js';
import { AppCredentialsCache, type CachedApp } from '../apps/app-credentials.cache.js';
import { recordClientCall } from './client-metrics.js';
import { ClientService } from './client.service.js';

/**
 * `POST /v1`, the hot path of every copy of the vendor's software. It is
 * served by a Fastify instance of its own (client-server.ts) rather than
 * through a Nest controller: Nest's per-request layers and the other routes'
 * hooks cost a large share of this route's CPU and give it nothing, since it
 * validates, answers and signs by itself.
 */
@Injectable()
export class ClientEndpoint {
  private readonly logger = new Logger('ClientEndpoint');

  constructor(
    private readonly client: ClientService,
    private readonly apps: AppCredentialsCache,
  ) {}

  async handle(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const body = request.body;
    let app: CachedApp | null = null;
    let nonce: string | undefined;
    try {
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw new AppError('VALIDATION', 'Request body must be a JSON object');
      }
      const fields = body as Record<string, unknown>;
      if (typeof fields.appId === 'string') app = await this.apps.get(fields.appId);
      // Checked after the app lookup so that the refusals are signed when the app is known.
      nonce = requestNonce(fields);
      const hostile = findHostileInput(fields);
      if (hostile) throw new AppError('VALIDATION', hostile.message);
      const origin = request.host ? `${request.protocol}://${request.host}` : null;
      const result = await this.client.dispatch(fields, app, request.ip, origin);
      await send(reply, { app, nonce }, { status: 200, success: true, message: result.message, data: result.data });
    } catch (err) {
      if (err instanceof AppError) {
        if (err.retryAfterSeconds !== undefined) reply.header('retry-after', String(err.retryAfterSeconds));
        await send(reply, { app, nonce }, { status: err.status, success: false, message: err.message, data: {} });
      } else if (isServiceUnavailable(err)) {
        // PostgreSQL or Redis is restarting: retryable, and nothing was half-made (each write is one transaction).
        this.logger.warn(`Service unavailable: ${(err as Error).message}`);
        await send(reply, { app, nonce }, { status: 503, success: false, message: 'Service unavailable', data: {} });
      } else {
        this.logger.error(err);
        await send(reply, { app, nonce }, { status: 500, success: false, message: 'Internal server error', data: {} });
      }
    }
    recordClientCall((body as { type?: unknown } | null)?.type, reply.statusCode, reply.elapsedTime);
  }
}

/**
 * The request's optional `nonce`, echoed inside the signed answer so a client
 * can tell a fresh answer from a replayed one. A malformed one is refused
 * before it could be echoed.
 */
function requestNonce(fields: Record<string, unknown>): string | undefined {
  const nonce = fields.nonce;
  if (nonce === undefined) return undefined;
  if (typeof nonce !== 'string' || !ClientLimits.noncePattern.test(nonce))
    throw new AppError('VALIDATION', NONCE_MESSAGE);
  return nonce;
}

/** Sends the envelope (with the request's nonce, when it had one), signed with the app's key when the app is known. */
async function send(
  reply: FastifyReply,
  { app, nonce }: { app: CachedApp | null; nonce: string | undefined },
  { status, success, message, data }: { status: number; success: boolean; message: string; data: object },
) {
  const body = JSON.stringify(nonce === undefined ? { success, message, data } : { success, message, data, nonce });
  reply.status(status).header('content-type', 'application/json; charset=utf-8');
  if (app) {
    const timestamp = String(Math.floor(Date.now() / 1000));
    reply.header(SIGNATURE_HEADER, await app.responseSigner.sign(timestamp, body));
    reply.header(SIGNATURE_TIMESTAMP_HEADER, timestamp);
  }
  reply.send(body);
}

/** The OpenAPI description of `POST /v1`, added to the generated document (the route has no controller). */
export const CLIENT_ENDPOINT_OPENAPI = {
  post: {
    tags: ['client'],
    summary: 'The client endpoint: every operation of client software, selected by `type`',
    description:
      'Answers `{ success, message, data }`; the HTTP status carries the error class. Every response for a ' +
      'known appId is signed: `X-Signature-Ed25519` = Ed25519(timestamp + body) with the app key (hex), ' +
      '`X-Signature-Timestamp` = unix seconds. Verify with the app `publicKey` (base64 raw 32 bytes). A request ' +
      '`nonce` is echoed as a fourth field of the signed envelope. See docs/client-protocol.md.',
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: ['type', 'appId', 'apiKey'],
            properties: {
              type: { type: 'string', enum: [...CLIENT_REQUEST_TYPES] },
              appId: { type: 'string' },
              apiKey: { type: 'string' },
              nonce: {
                type: 'string',
                pattern: ClientLimits.noncePattern.source,
                description: 'echoed in the signed answer, so a replayed answer can be told apart',
              },
            },
            additionalProperties: true,
          },
        },
      },
    },
    responses: {
      '200': {
        description: 'Success envelope',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: {
                success: { type: 'boolean' },
                message: { type: 'string' },
                data: { type: 'object' },
                nonce: { type: 'string', description: "the request's nonce, when it had one" },
              },
            },
          },
        },
      },
    },
  },
};
