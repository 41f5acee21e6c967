import type { LoggerService } from '@nestjs/common';
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { DOWNLOAD_PATH } from '@latchkey/contracts';
import type { IncomingMessage } from 'node:http';
import { pino, type DestinationStream, type Logger as PinoLogger } from 'pino';
import PinoPretty from 'pino-pretty';
import type { Config } from '../config/config.js';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Which form the log takes: LOG_FORMAT, with `auto` deciding by whether standard output is a terminal. */
export function logFormat(config: Pick<Config, 'LOG_FORMAT'>, stdoutIsTerminal: boolean): 'json' | 'pretty' {
  if (config.LOG_FORMAT !== 'auto') return config.LOG_FORMAT;
  return stdoutIsTerminal ? 'pretty' : 'json';
}

/** Fields a request line carries; the readable form puts them in its message instead. */
const REQUEST_FIELDS = ['method', 'url', 'statusCode', 'ms'] as const;

/**
 * A readable line's message: `[Context] message`, or for a request
 * `POST /v1/admin/apps 201 3.2 ms`. Time and level come before it; other
 * fields (an error's stack, ids) follow on their own lines.
 */
export function readableMessage(entry: Record<string, unknown>, messageKey: string): string {
  const context = typeof entry.context === 'string' ? `[${entry.context}] ` : '';
  if (typeof entry.method === 'string' && typeof entry.url === 'string') {
    const failed = entry[messageKey] === 'request failed' ? ' failed' : '';
    return `${context}${entry.method} ${entry.url} ${String(entry.statusCode)} ${String(entry.ms)} ms${failed}`;
  }
  return `${context}${String(entry[messageKey] ?? '')}`;
}

function readableDestination(colorize: boolean): DestinationStream {
  return PinoPretty({
    colorize,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: ['pid', 'hostname', 'context', 'reqId', ...REQUEST_FIELDS].join(','),
    messageFormat: (entry, messageKey) => readableMessage(entry, messageKey),
  });
}

/**
 * The process's one pino logger: JSON lines for a collector, or readable lines
 * at a terminal (logFormat). Request bodies (passwords, keys, tokens) and
 * headers are never logged.
 */
export function createRootLogger(
  config: Config,
  stdoutIsTerminal: boolean = process.stdout.isTTY === true,
): PinoLogger {
  const options = {
    level: config.LOG_LEVEL,
    // Request logs carry no headers or bodies; these paths guard objects logged by hand.
    redact: {
      paths: ['headers.authorization', 'headers.cookie', 'password', 'apiKey', 'token'],
      censor: '[redacted]',
    },
    serializers: { err: serializeError },
  };
  if (logFormat(config, stdoutIsTerminal) === 'pretty') {
    return pino(options, readableDestination(stdoutIsTerminal));
  }
  // Buffered writes: one syscall per few KiB of logs rather than one per request
  // line. A quiet process flushes every second; pino flushes on exit.
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  setInterval(() => destination.flush(), 1000).unref();
  return pino(options, destination);
}

/** Query parameters whose values are safe to log; any other value (a `search` may be a license key) is redacted. */
const LOGGED_QUERY_VALUES = new Set(['page', 'limit', 'status', 'type']);

/** A download link's path up to its token: the token works until used, whatever method a request tried on it. */
const DOWNLOAD_TOKEN_PREFIX = `${DOWNLOAD_PATH}/`;

/**
 * The request URL with every query value outside LOGGED_QUERY_VALUES, and a
 * download link's token, replaced by `[redacted]`.
 */
export function loggableUrl(url: string): string {
  if (url.startsWith(DOWNLOAD_TOKEN_PREFIX)) return `${DOWNLOAD_TOKEN_PREFIX}[redacted]`;
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0]!;
      return LOGGED_QUERY_VALUES.has(name) ? pair : `${name}=[redacted]`;
    })
    .join('&');
  return `${url.slice(0, queryStart)}?${query}`;
}

/** One line per completed request instead of Fastify's two (incoming + completed). */
class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const fields = {
      method: request.method,
      url: loggableUrl(request.url),
      statusCode: reply.statusCode,
      ip: request.ip,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error || reply.statusCode >= 500) request.log.error({ ...fields, err: error ?? undefined }, 'request failed');
    else request.log.info(fields, 'request completed');
  }
}

/**
 * Fastify's request logging on the same logger: a request id per request (the
 * caller's `X-Request-Id` when it is sane, else a UUID) and one line per request.
 */
export function fastifyLogging(logger: PinoLogger) {
  return {
    loggerInstance: logger,
    logController: new RequestLogController(),
    requestIdHeader: false as const,
    genReqId: (req: { headers: IncomingMessage['headers'] }) => {
      const header = req.headers['x-request-id'];
      return typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID();
    },
  };
}

/** The fields of an error worth a log line; anything else an error carries stays out. */
const LOGGED_ERROR_FIELDS = ['type', 'message', 'stack', 'code', 'constraint', 'table', 'column', 'routine'] as const;

/**
 * Errors are logged by an allow-list of fields. A failed query's error carries
 * the SQL's `parameters` (bcrypt hashes, license keys), PostgreSQL's `detail`
 * (`Key (key)=(...) already exists`) and the driver's copy of both: none of it
 * may reach a log.
 */
export function serializeError(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  const full = pino.stdSerializers.err(err) as unknown as Record<string, unknown>;
  const logged: Record<string, unknown> = {};
  for (const field of LOGGED_ERROR_FIELDS) if (full[field] !== undefined) logged[field] = full[field];
  return logged;
}

/** Echoes the request id so callers can quote it. */
export function registerRequestIdHeader(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
}

/**
 * Nest's own start-up lines (a line per module, per controller and per route:
 * about forty before the first useful one) are logged at debug: the start-up
 * summary (common/start-up-summary.ts) says what matters.
 */
const NEST_START_UP_CONTEXTS = new Set([
  'NestFactory',
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestApplication',
]);

/** Nest's logger interface over pino, so framework and app logs go the same way as the rest. */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: PinoLogger) {}

  log(message: unknown, ...params: unknown[]) {
    this.write('info', message, params);
  }
  error(message: unknown, ...params: unknown[]) {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]) {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]) {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]) {
    this.write('trace', message, params);
  }
  fatal(message: unknown, ...params: unknown[]) {
    this.write('fatal', message, params);
  }

  /** Nest passes the context name last; an error's stack may come before it. */
  private write(requested: pino.Level, message: unknown, params: unknown[]): void {
    const context = typeof params[params.length - 1] === 'string' ? (params.pop() as string) : undefined;
    const level = requested === 'info' && context && NEST_START_UP_CONTEXTS.has(context) ? 'debug' : requested;
    if (message instanceof Error) {
      this.logger[level]({ context, err: message }, message.message);
    } else if (typeof message === 'object' && message !== null) {
      this.logger[level]({ context, ...message });
    } else {
      const stack = typeof params[0] === 'string' ? params[0] : undefined;
      this.logger[level]({ context, ...(stack ? { stack } : {}) }, String(message));
    }
  }
}
