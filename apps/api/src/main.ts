import 'reflect-metadata';
import { ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import fastifyMultipart from '@fastify/multipart';
import type {} from '@fastify/static';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { createServer, type RequestListener, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { ERROR_TABLE, EXACT_TOTAL_MAX, PageLimits, SEARCH_EXACT_TOTAL_MAX, type ErrorCode } from '@latchkey/contracts';
import { AppModule } from './app.module.js';
import { documentAdminErrors } from './common/admin-error-openapi.js';
import { validationError, validationProblems } from './common/errors.js';
import { registerSecurityHeaders } from './common/security-headers.js';
import { HostileInputInterceptor } from './common/input/hostile-input.interceptor.js';
import { jsonBodyParser } from './common/input/json-body.js';
import { measureAdminRequests } from './common/admin-request-metrics.js';
import {
  answerClusterScrapes,
  collectProcessMetrics,
  closeListener,
  listenForScrapes,
  processMetricsText,
} from './common/metrics.js';
import { releasedByPrimary } from './common/cluster-release.js';
import { closeOnSignals, SHUTDOWN_BOUND_MS } from './common/shutdown.js';
import { apiStartUpSummary } from './common/start-up-summary.js';
import { SODIUM_MODULE } from './common/crypto.js';
import { cacheValidationMetadata } from './common/validation-metadata-cache.js';
import { createRootLogger, fastifyLogging, NestPinoLogger, registerRequestIdHeader } from './common/logging.js';
import { loadConfig } from './config/config.js';
import { defaultDashboardDir } from './config/dashboard-dir.js';
import { CLIENT_ENDPOINT_OPENAPI, ClientEndpoint } from './modules/client/client.endpoint.js';
import { DependencyHealth } from './modules/health/dependency-health.js';
import { createClientServer, serveClientEndpoint, splitClientCalls } from './modules/client/client-server.js';
import { KeyAuthEndpoint } from './modules/keyauth/keyauth.endpoint.js';
import { KeyAuthSellerEndpoint } from './modules/keyauth/keyauth-seller.endpoint.js';
import { isSellerPath, sellerEndpointOpenApi } from './modules/keyauth/keyauth-seller-wire.js';
import {
  createKeyAuthServer,
  keyAuthEndpointOpenApi,
  serveKeyAuthEndpoint,
  splitKeyAuthCalls,
} from './modules/keyauth/keyauth-server.js';
import { StoreReceiverEndpoint } from './modules/store/store-receiver.endpoint.js';
import {
  createStoreReceiverServer,
  serveStoreReceiver,
  splitStoreCalls,
  storeReceiverOpenApi,
} from './modules/store/store-receiver-server.js';

/** Request bodies over 1 MiB get 413 (contract, "Conventions"). */
const BODY_LIMIT_BYTES = 1024 * 1024;

async function bootstrap(): Promise<void> {
  cacheValidationMetadata();
  const config = loadConfig();
  const rootLogger = createRootLogger(config);
  // Before the slow start (migrations, Nest): the primary's scrapes wait for every process, starting ones too.
  if (config.METRICS_PORT !== 0 && cluster.isWorker) answerClusterScrapes();
  // Shared by Nest's Fastify instance and the client endpoint's own (modules/client/client-server.ts).
  const httpOptions = {
    trustProxy: config.TRUST_PROXY,
    bodyLimit: BODY_LIMIT_BYTES,
    // Parsed as plain own keys, then refused with a message naming them
    // (common/input/hostile-input.ts), rather than a bare "malformed JSON".
    onProtoPoisoning: 'ignore',
    onConstructorPoisoning: 'ignore',
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // A request this process has accepted is answered, even while it closes (with `Connection: close`, so
    // the client's next request opens a connection to a process that stays): common/shutdown.ts.
    return503OnClosing: false,
    ...fastifyLogging(rootLogger),
  } satisfies FastifyServerOptions;
  // Chosen once here, not per call. The seller API shares KeyAuth's server, but its calls are an
  // owner's writes: always logged, like the console's.
  const logsEveryClientCall = config.LOG_CLIENT_CALLS === 'all';
  const clientServer = createClientServer({
    ...httpOptions,
    ...fastifyLogging(rootLogger, { logsSuccess: () => logsEveryClientCall }),
  });
  const keyAuthServer = await createKeyAuthServer({
    ...httpOptions,
    ...fastifyLogging(rootLogger, {
      logsSuccess: logsEveryClientCall ? () => true : (request) => isSellerPath(request.url),
    }),
  });
  const storeServer = createStoreReceiverServer(httpOptions);
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config),
    new FastifyAdapter({
      ...httpOptions,
      serverFactory: (nestHandler: RequestListener, options: Record<string, unknown>) =>
        httpServer(
          splitClientCalls(splitStoreCalls(splitKeyAuthCalls(nestHandler, keyAuthServer), storeServer), clientServer),
          options,
        ),
    }),
    { logger: new NestPinoLogger(rootLogger) },
  );
  registerRequestIdHeader(app.getHttpAdapter().getInstance());
  measureAdminRequests(app.getHttpAdapter().getInstance());
  // Refuses deeply nested bodies before they are parsed (common/input/json-body.ts).
  app.useBodyParser('application/json', { bodyLimit: BODY_LIMIT_BYTES }, jsonBodyParser);
  await registerSecurityHeaders(app.getHttpAdapter().getInstance());
  // Streamed uploads (files): limits are set per route, see modules/files/multipart-upload.ts.
  await app.register(fastifyMultipart);
  closeOnSignals(app, SHUTDOWN_BOUND_MS.api, {
    // Nest closes the HTTP server only after its modules' shutdown hooks have run: a request taken
    // meanwhile met services half closed. So the server stops taking requests and answers those it
    // took first (closing Fastify twice is harmless).
    first: () => {
      const fastify = app.getHttpAdapter().getInstance() as FastifyInstance;
      // A process stopped while it starts has nothing to answer yet; app.close() alone ends it.
      return fastify.server.listening ? fastify.close() : Promise.resolve();
    },
    // In a cluster, exit only once the primary hands this process no more connections.
    beforeExit: releasedByPrimary,
  });
  app.useGlobalInterceptors(new HostileInputInterceptor());
  app.useGlobalPipes(
    new ValidationPipe({
      whitelist: true,
      transform: true,
      stopAtFirstError: true,
      exceptionFactory: (errors) => validationError(validationProblems(errors)),
    }),
  );

  const openapi = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Latchkey')
      .setDescription(
        'Licensing and authentication for client software. Client endpoint: POST /v1. Admin: /v1/admin. ' +
          `Admin lists answer \`meta: { page, limit, total }\`; past ${EXACT_TOTAL_MAX} items ` +
          `(${SEARCH_EXACT_TOTAL_MAX} for a search) \`total\` is an estimate and \`meta.totalIsEstimate\` is true, ` +
          `unless the page is shorter than its limit (it ends the list: the total is exact). ` +
          `A page may end at most ${PageLimits.rowsMax} items deep (page x limit).`,
      )
      .setVersion('1')
      .addBearerAuth()
      .build(),
  );
  documentAdminErrors(openapi);
  openapi.paths['/v1'] = CLIENT_ENDPOINT_OPENAPI;
  openapi.paths['/api/1.3/'] = keyAuthEndpointOpenApi('1.3');
  openapi.paths['/api/1.2/'] = keyAuthEndpointOpenApi('1.2');
  openapi.paths['/api/seller/'] = sellerEndpointOpenApi();
  openapi.paths['/store/webhooks/{connectionId}'] = storeReceiverOpenApi();
  SwaggerModule.setup('docs', app, openapi, { jsonDocumentUrl: 'docs/openapi.json' });

  const dashboardDir = config.DASHBOARD_DIR || defaultDashboardDir();
  const dashboard = Boolean(dashboardDir && existsSync(path.join(dashboardDir, 'index.html')));
  if (dashboard) {
    app.useStaticAssets({ root: path.resolve(dashboardDir), prefix: '/', wildcard: false, index: ['index.html'] });
    // The dashboard routes in the browser (/apps/<id>/licenses, ...): a reload or
    // a shared link on such a path gets index.html. API paths and missing files
    // still reach the ordinary 404.
    app
      .getHttpAdapter()
      .getInstance()
      .get('/*', (request, reply) =>
        isDashboardPath(request.url) ? reply.sendFile('index.html') : reply.callNotFound(),
      );
  }

  await serveClientEndpoint(clientServer, app.get(ClientEndpoint));
  await serveKeyAuthEndpoint(keyAuthServer, app.get(KeyAuthEndpoint), app.get(KeyAuthSellerEndpoint));
  await serveStoreReceiver(storeServer, app.get(StoreReceiverEndpoint));
  // Closed once the HTTP server has closed, so calls in flight during the shutdown are answered.
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onClose', () => Promise.all([clientServer.close(), keyAuthServer.close(), storeServer.close()]));

  await serveMetrics(config.METRICS_PORT, config.HOST, app);
  await app.listen(config.PORT, config.HOST);
  const { warnings: healthWarnings } = await app.get(DependencyHealth).check();
  // cluster.js numbers its processes from 1; a replacement of a crashed one gets a new number.
  const first = (cluster.worker?.id ?? 1) === 1;
  const facts = { first, cores: availableParallelism(), dashboard, healthWarnings, sodium: SODIUM_MODULE !== null };
  for (const line of apiStartUpSummary(config, facts)) {
    rootLogger[line.level](line.msg);
  }
}

/**
 * `GET /metrics` on METRICS_PORT (none when 0), apart from the public PORT.
 * A process of a cluster only collects and answers the primary (cluster.ts),
 * which answers for all of them, summed.
 */
async function serveMetrics(port: number, host: string, app: NestFastifyApplication): Promise<void> {
  if (port === 0) return;
  collectProcessMetrics();
  if (!cluster.isPrimary) return;
  const listener = await listenForScrapes(port, host, processMetricsText);
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onClose', () => closeListener(listener));
}

/**
 * Errors Fastify's router raises before any hook or handler (a bad
 * percent-encoding, an over-long URL): the contract's error body and the
 * headers every answer carries, instead of Fastify's own shape.
 */
function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const code: ErrorCode =
    error.statusCode === 414 ? 'URL_TOO_LONG' : error.code === 'FST_ERR_BAD_URL' ? 'MALFORMED_URL' : 'BAD_REQUEST';
  const [status, message] = ERROR_TABLE[code];
  void reply
    .code(status)
    .headers({ 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' })
    .send({ success: false, message, code });
}

/**
 * Requests Node itself cannot read: a body cut short of its Content-Length
 * (the client closed its side), a malformed request line or header. The
 * contract's error body instead of Fastify's shape, unless an answer has
 * begun on the connection. Timeouts (408) and oversized headers (431) keep
 * Fastify's answer: the contract has no code for them.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  let status: number;
  let body: string;
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    [status, body] = [408, '{"error":"Request Timeout","message":"Client Timeout","statusCode":408}'];
  } else if (error.code === 'HPE_HEADER_OVERFLOW') {
    [status, body] = [
      431,
      '{"error":"Request Header Fields Too Large","message":"Exceeded maximum allowed HTTP header size","statusCode":431}',
    ];
  } else {
    const [badRequest, message] = ERROR_TABLE.BAD_REQUEST;
    [status, body] = [badRequest, JSON.stringify({ success: false, message, code: 'BAD_REQUEST' })];
  }
  if (socket.writable && !inFlight?.headersSent) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\n` +
        `Cache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** The HTTP server Fastify builds itself when given no factory (fastify/lib/server.js), around `listener`. */
function httpServer(listener: RequestListener, options: Record<string, unknown>) {
  const server = createServer(listener);
  server.keepAliveTimeout = Number(options.keepAliveTimeout);
  server.requestTimeout = Number(options.requestTimeout);
  server.setTimeout(Number(options.connectionTimeout));
  return server;
}

/** A page path of the dashboard: not the API, docs or assets, and no file extension. */
function isDashboardPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  if (/^\/(v1|health|docs|assets)(\/|$)/.test(pathname)) return false;
  return !path.posix.basename(pathname).includes('.');
}

await bootstrap();
