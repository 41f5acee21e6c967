import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ERROR_TABLE, type ErrorCode, type FieldError } from '@latchkey/contracts';
import { AppError } from './errors.js';
import { JsonBodyError } from './input/json-body.js';
import { isServiceUnavailable } from './unavailable.js';

/** Fastify's own errors (body parsing, size limit, media type) carry a code. */
interface FastifyLikeError {
  code?: string;
  message?: string;
}

/** What the admin error body says of an error. */
interface ErrorAnswer {
  status: number;
  code: ErrorCode;
  message: string;
  errors?: string[];
  fields?: FieldError[];
}

/**
 * Turns any error of Nest's routes into the contract's admin error body, with
 * its code (libs/contracts errors.ts) (`POST /v1` has a server and error
 * handler of its own, see modules/client/client-server.ts). Unexpected errors
 * are logged and answered 500 without detail.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const { status, code, message, errors, fields } = this.describe(exception);
    if (status === 503) this.logger.warn(`Service unavailable: ${(exception as Error).message}`);
    else if (status >= 500) this.logger.error(exception);

    const body = {
      success: false,
      message,
      code,
      ...(errors && errors.length > 0 ? { errors } : {}),
      ...(fields && fields.length > 0 ? { fields } : {}),
    };
    if (exception instanceof AppError && exception.retryAfterSeconds !== undefined) {
      reply.header('retry-after', String(exception.retryAfterSeconds));
    }
    // A route may have set another content type (the CSV export) before failing.
    reply.status(status).header('content-type', 'application/json; charset=utf-8').send(body);
  }

  private describe(exception: unknown): ErrorAnswer {
    if (exception instanceof AppError) {
      const { status, code, message, errors, fields } = exception;
      return { status, code, message, errors, fields };
    }
    // Refused by the JSON body parser (common/input/json-body.ts), which Nest hands on as it is.
    if (exception instanceof JsonBodyError) {
      return { status: exception.statusCode, code: 'MALFORMED_BODY', message: exception.message };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      // Nest wraps Fastify's body-parsing errors; their code gives the reason.
      const cause = exception.cause as FastifyLikeError | undefined;
      if (cause?.code?.startsWith('FST_')) {
        return { status, code: fastifyErrorCode(cause) ?? codeOfStatus(status), message: fastifyMessage(cause) };
      }
      if (status === 404) return { status, code: 'ROUTE_NOT_FOUND', message: ERROR_TABLE.ROUTE_NOT_FOUND[1] };
      const response = exception.getResponse();
      const message =
        typeof response === 'object' && response && 'message' in response && typeof response.message === 'string'
          ? response.message
          : exception.message;
      return { status, code: codeOfStatus(status), message };
    }
    if (isServiceUnavailable(exception)) return answerOf('SERVICE_UNAVAILABLE');
    return answerOf('INTERNAL_ERROR');
  }
}

function answerOf(code: ErrorCode): ErrorAnswer {
  const [status, message] = ERROR_TABLE[code];
  return { status, code, message };
}

/** The code of an HTTP error that says no more than its status (the throttler's 429, say). */
function codeOfStatus(status: number): ErrorCode {
  switch (status) {
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'TOO_MANY_REQUESTS';
    default:
      return status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST';
  }
}

/** The codes of the Fastify body-parsing errors the API words itself. */
const FASTIFY_ERROR_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_BODY',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_BODY',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
};

function fastifyErrorCode(error: FastifyLikeError): ErrorCode | undefined {
  return error.code === undefined ? undefined : FASTIFY_ERROR_CODES[error.code];
}

/** The client-facing message of a Fastify body-parsing error (also used by the client endpoint's own server). */
export function fastifyMessage(error: FastifyLikeError): string {
  const code = fastifyErrorCode(error);
  return code ? ERROR_TABLE[code][1] : (error.message ?? 'Bad request');
}
