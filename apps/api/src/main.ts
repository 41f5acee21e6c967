import 'reflect-metadata';
import { ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import fastifyMultipart from '@fastify/multipart';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { AppModule } from './app.module.js';
import { validationError } from './common/errors.js';
import { createRootLogger, fastifyLogging, NestPinoLogger, registerRequestIdHeader } from './common/logging.js';
import { loadConfig } from './config/config.js';
import { CLIENT_ENDPOINT_OPENAPI } from './modules/client/client.endpoint.js';

/** Request bodies over 1 MiB get 413 (contract, "Conventions"). */
const BODY_LIMIT_BYTES = 1024 * 1024;

async function bootstrap(): Promise<void> {
  const config = loadConfig();
  const rootLogger = createRootLogger(config);
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config),
    new FastifyAdapter({ trustProxy: config.TRUST_PROXY, bodyLimit: BODY_LIMIT_BYTES, ...fastifyLogging(rootLogger) }),
    { logger: new NestPinoLogger(rootLogger) },
  );
  registerRequestIdHeader(app.getHttpAdapter().getInstance());
  // Streamed uploads (files): limits are set per route, see modules/files/multipart-upload.ts.
  await app.register(fastifyMultipart);
  app.enableShutdownHooks();
  app.useGlobalPipes(
    new ValidationPipe({
      whitelist: true,
      transform: true,
      stopAtFirstError: true,
      exceptionFactory: (errors) => validationError(flattenValidation(errors)),
    }),
  );

  const openapi = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Latchkey')
      .setDescription('Licensing and authentication for client software. Client endpoint: POST /v1. Admin: /v1/admin.')
      .setVersion('1')
      .addBearerAuth()
      .build(),
  );
  openapi.paths['/v1'] = CLIENT_ENDPOINT_OPENAPI;
  SwaggerModule.setup('docs', app, openapi, { jsonDocumentUrl: 'docs/openapi.json' });

  const dashboardDir = config.DASHBOARD_DIR || defaultDashboardDir();
  if (dashboardDir && existsSync(path.join(dashboardDir, 'index.html'))) {
    app.useStaticAssets({ root: path.resolve(dashboardDir), prefix: '/', wildcard: false, index: ['index.html'] });
  }

  await app.listen(config.PORT, config.HOST);
  rootLogger.info(`Latchkey API listening on http://${config.HOST}:${config.PORT}`);
}

interface ValidationErrorLike {
  property: string;
  constraints?: Record<string, string>;
  children?: ValidationErrorLike[];
}

function flattenValidation(errors: ValidationErrorLike[]): string[] {
  return errors.flatMap((e) => [...Object.values(e.constraints ?? {}), ...flattenValidation(e.children ?? [])]);
}

/** The dashboard built in this checkout, when there is one. */
function defaultDashboardDir(): string {
  return path.resolve(import.meta.dirname, '../../dashboard/dist');
}

await bootstrap();
