import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { AppError } from './errors.js';
import { JsonBodyError } from './input/json-body.js';
import { isServiceUnavailable } from './unavailable.js';

/** Fastify's own errors (body parsing, size limit, media type) carry a code. */
interface FastifyLikeError {
  code?: string;
  message?: string;
}

/**
 * Turns any error of Nest's routes into the contract's admin error body
 * (`POST /v1` has a server and error handler of its own, see
 * modules/client/client-server.ts). Unexpected errors are logged and answered
 * 500 without detail.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const { status, message, errors } = this.describe(exception);
    if (status === 503) this.logger.warn(`Service unavailable: ${(exception as Error).message}`);
    else if (status >= 500) this.logger.error(exception);

    const body = { success: false, message, ...(errors && errors.length > 0 ? { errors } : {}) };
    if (exception instanceof AppError && exception.retryAfterSeconds !== undefined) {
      reply.header('retry-after', String(exception.retryAfterSeconds));
    }
    // A route may have set another content type (the CSV export) before failing.
    reply.status(status).header('content-type', 'application/json; charset=utf-8').send(body);
  }

  private describe(exception: unknown): { status: number; message: string; errors?: string[] } {
    if (exception instanceof AppError) {
      return { status: exception.status, message: exception.message, errors: exception.errors };
    }
    // Refused by the JSON body parser (common/input/json-body.ts), which Nest hands on as it is.
    if (exception instanceof JsonBodyError) return { status: exception.statusCode, message: exception.message };
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      // Nest wraps Fastify's body-parsing errors; their code gives the reason.
      const cause = exception.cause as FastifyLikeError | undefined;
      if (cause?.code?.startsWith('FST_')) return { status, message: fastifyMessage(cause) };
      const response = exception.getResponse();
      const message =
        typeof response === 'object' && response && 'message' in response && typeof response.message === 'string'
          ? response.message
          : exception.message;
      return { status, message: status === 404 ? 'Route not found' : message };
    }
    if (isServiceUnavailable(exception)) return { status: 503, message: 'Service unavailable' };
    return { status: 500, message: 'Internal server error' };
  }
}

/** The client-facing message of a Fastify body-parsing error (also used by the client endpoint's own server). */
export function fastifyMessage(error: FastifyLikeError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Malformed JSON body';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Content-Type must be application/json';
    default:
      return error.message ?? 'Bad request';
  }
}
