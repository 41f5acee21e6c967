import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { closeOnSignals, SHUTDOWN_BOUND_MS } from './common/shutdown.js';
import { workerStartUpSummary } from './common/start-up-summary.js';
import { DependencyHealth } from './modules/health/dependency-health.js';
import { createRootLogger, NestPinoLogger } from './common/logging.js';
import { loadConfig } from './config/config.js';
import { WorkerModule } from './worker.module.js';

async function bootstrap(): Promise<void> {
  const config = loadConfig();
  const rootLogger = createRootLogger(config);
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), {
    logger: new NestPinoLogger(rootLogger),
  });
  closeOnSignals(app, SHUTDOWN_BOUND_MS.worker);
  await app.init();
  const { warnings } = await app.get(DependencyHealth).check();
  for (const line of workerStartUpSummary(config, warnings)) rootLogger[line.level](line.msg);
}

await bootstrap();
