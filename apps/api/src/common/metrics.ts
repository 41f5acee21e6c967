import { AggregatorRegistry, collectDefaultMetrics, register } from 'prom-client';
import { createServer, type Server, type ServerResponse } from 'node:http';

/**
 * Prometheus metrics (issue 29). Every metric is declared beside what it
 * measures, as a module constant on prom-client's default registry, so a
 * process exposes exactly the metrics of the code it loaded; this file holds
 * what they share: process metrics and the listener that serves them.
 */

/** Prefix of every Latchkey metric (process metrics keep prom-client's standard names). */
export const METRIC_PREFIX = 'latchkey_';

let processMetricsCollected = false;

/**
 * prom-client's process and Node.js metrics (CPU, memory, heap, GC, handles,
 * event-loop lag and its percentiles), once per process.
 */
export function collectProcessMetrics(): void {
  if (processMetricsCollected) return;
  processMetricsCollected = true;
  collectDefaultMetrics();
}

/**
 * In a process of a cluster: answers the primary's requests for this
 * process's metrics (prom-client listens for them once an AggregatorRegistry
 * exists in the process).
 */
export function answerClusterScrapes(): void {
  new AggregatorRegistry();
}

/** The text a scrape of this process answers. */
export function processMetricsText(): Promise<string> {
  return register.metrics();
}

/** Starts an HTTP listener answering `GET /metrics` with `text()` and 404 for anything else. */
export async function listenForScrapes(port: number, host: string, text: () => Promise<string>): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    answerScrape(response, text);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}

/** Answers a scrape: the metrics, or 500 with the reason when they could not be gathered. */
export function answerScrape(response: ServerResponse, text: () => Promise<string>): void {
  text().then(
    (body) => response.writeHead(200, { 'content-type': register.contentType }).end(body),
    (err: Error) => response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(`${err.message}\n`),
  );
}

/** Closes a listener started by `listenForScrapes`. */
export function closeListener(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}
