import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { createServer, type Server } from 'node:http';
import { answerScrape, collectProcessMetrics, processMetricsText } from '../../common/metrics.js';
import { Config } from '../../config/config.js';
import { DependencyHealth } from './dependency-health.js';

/**
 * The worker serves no traffic, so its probes get a listener of their own on
 * WORKER_HEALTH_PORT (none when 0): `GET /health` as the API's (200 when
 * PostgreSQL and Redis answer, else 503), `GET /health/live`, and the
 * worker's Prometheus metrics at `GET /metrics`. Plain node:http: three
 * routes do not need a framework.
 */
@Injectable()
export class WorkerHealthListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('WorkerHealth');
  private server: Server | null = null;

  constructor(
    private readonly config: Config,
    private readonly health: DependencyHealth,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const port = this.config.WORKER_HEALTH_PORT;
    if (port === 0) return;
    collectProcessMetrics();
    const server = createServer((request, response) => {
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
      };
      const path = request.url?.split('?')[0];
      if (request.method !== 'GET') return send(405, { status: 'error' });
      if (path === '/health/live') return send(200, { status: 'ok' });
      if (path === '/metrics') return answerScrape(response, processMetricsText);
      if (path !== '/health') return send(404, { status: 'error' });
      void this.health.check().then(
        (answer) => send(answer.status === 'ok' ? 200 : 503, answer),
        () => send(503, { status: 'error' }),
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, this.config.HOST, () => resolve());
    });
    this.server = server;
    this.logger.log(`health and metrics listener on ${this.config.HOST}:${port}`);
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
