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
 * headers are never logged, URLs only as loggableUrl gives them, and no line
 * is written with a prefixed secret in it (withoutPrefixedSecrets).
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
      censor: REDACTED,
    },
    serializers: { err: serializeError, req: serializeRequest },
    hooks: { streamWrite: withoutPrefixedSecrets },
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

const REDACTED = '[redacted]';

/** The route parameter that carries a secret (an invitation preview's token, a download link's): never logged. */
const SECRET_ROUTE_PARAM = ':token';

/**
 * The shapes of the secrets the service issues. A URL path segment of one of
 * them is logged as `[redacted]` on any route, so a secret pasted where an id
 * goes, or sent to a route that does not exist, stays out of the log too.
 */
const SECRET_SEGMENTS = [
  // login, personal access, sign-in challenge and invitation tokens, API keys, webhook secrets
  /^(?:lka|lkp|lkc|lki|lk|whsec)_/,
  // 32 random bytes in base64url: client session tokens, download links, passkey challenges
  /^[A-Za-z0-9_-]{43}$/,
  // KeyAuth session ids (16 bytes) and app secrets (32 bytes) in hex
  /^(?:[0-9a-f]{32}|[0-9a-f]{64})$/i,
  // recovery codes
  /^[0-9a-z]{4}(?:-[0-9a-z]{4}){3}$/i,
  // TOTP secrets (20 bytes in base32)
  /^[A-Z2-7]{32}$/,
  // license keys: the three random segments after the first (or the prefix)
  /(?:-[0-9A-Z]{5}){3}$/,
];

/**
 * Prefixed secrets anywhere in a log line (a message, an error's text): the
 * last guard behind the URL's redaction, on every line the process writes.
 */
const PREFIXED_SECRET = /(?<![A-Za-z0-9])(lka|lkp|lkc|lki|lku|lk|whsec)_[A-Za-z0-9_\-+/=]{16,}/g;

/** A log line with every prefixed secret (PREFIXED_SECRET) replaced by its prefix and `[redacted]`. */
export function withoutPrefixedSecrets(line: string): string {
  return line.replace(PREFIXED_SECRET, `$1_${REDACTED}`);
}

/** Every shape but a prefixed one is 17 characters or more; a prefixed one has an underscore. */
function looksSecret(segment: string): boolean {
  if (segment.length < 17 && !segment.includes('_')) return false;
  let decoded = segment;
  if (segment.includes('%')) {
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      // a malformed escape: judged as it is
    }
  }
  return SECRET_SEGMENTS.some((shape) => shape.test(decoded));
}

/**
 * The request URL as logged: every query value outside LOGGED_QUERY_VALUES,
 * the path segment of a secret route parameter (`route`, the matched route's
 * pattern, e.g. `/v1/admin/invitations/:token`), a download link's token and
 * any segment shaped like an issued secret (SECRET_SEGMENTS) replaced by
 * `[redacted]`. Segments are judged decoded, since the router matches them
 * decoded (`/v1/admin/invitation%73/<token>` is the preview too), and logged
 * as sent.
 */
export function loggableUrl(url: string, route?: string): string {
  if (url.startsWith(DOWNLOAD_TOKEN_PREFIX)) return `${DOWNLOAD_TOKEN_PREFIX}${REDACTED}`;
  const queryStart = url.indexOf('?');
  const routeSegments = route?.includes(SECRET_ROUTE_PARAM) ? route.split('/') : [];
  const path = (queryStart === -1 ? url : url.slice(0, queryStart))
    .split('/')
    .map((segment, i) => (routeSegments[i] === SECRET_ROUTE_PARAM || looksSecret(segment) ? REDACTED : segment))
    .join('/');
  if (queryStart === -1) return path;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0]!;
      return LOGGED_QUERY_VALUES.has(name) ? pair : `${name}=${REDACTED}`;
    })
    .join('&');
  return `${path}?${query}`;
}

/** A request as logged where a log call names one (`req`): its method and loggable URL, nothing else. */
function serializeRequest(request: { method?: string; url?: string; routeOptions?: { url?: string } }) {
  return { method: request.method, url: loggableUrl(request.url ?? '', request.routeOptions?.url) };
}

/**
 * One line per completed request instead of Fastify's two (incoming +
 * completed), and Fastify's other request lines, with the URL as
 * loggableUrl gives it.
 */
class RequestLogController extends LogController {
  constructor(private readonly logsSuccess: (request: FastifyRequest) => boolean) {
    super();
  }

  override incomingRequest(): void {}

  /** Fastify's own 404 (the client and KeyAuth servers' unknown methods) puts the raw URL in its message. */
  override routeNotFound(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.info(serializeRequest(request), 'route not found');
  }

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    if (!error && reply.statusCode < 400 && !this.logsSuccess(request)) return;
    const fields = {
      method: request.method,
      url: loggableUrl(request.url, request.routeOptions.url),
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
 * caller's `X-Request-Id` when it is sane, else a UUID) and one line per
 * request; an answer below 400 only where `logsSuccess` says so (client calls:
 * LOG_CLIENT_CALLS).
 */
export function fastifyLogging(
  logger: PinoLogger,
  { logsSuccess = () => true }: { logsSuccess?: (request: FastifyRequest) => boolean } = {},
) {
  return {
    loggerInstance: logger,
    logController: new RequestLogController(logsSuccess),
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
