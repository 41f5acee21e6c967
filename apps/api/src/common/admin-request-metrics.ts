import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Histogram } from 'prom-client';
import { METRIC_PREFIX } from './metrics.js';

const ADMIN_PREFIX = '/v1/admin';
/** The `route` label of an admin path no route matched (404), so that probing paths adds no series. */
const UNMATCHED_ROUTE = 'unmatched';

/** Admin requests by route pattern (not path: ids stay out of the labels), method and status class. */
const adminRequestSeconds = new Histogram({
  name: `${METRIC_PREFIX}admin_request_duration_seconds`,
  help: 'Admin API (/v1/admin) requests by route pattern, method and status class (2xx, 4xx, 5xx)',
  labelNames: ['route', 'method', 'status_class'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
});

function recordAdminRequest(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  const route = request.routeOptions.url;
  const isAdmin = route ? route.startsWith(ADMIN_PREFIX) : request.url.startsWith(ADMIN_PREFIX);
  if (isAdmin) {
    adminRequestSeconds
      .labels(route ?? UNMATCHED_ROUTE, request.method, `${Math.floor(reply.statusCode / 100)}xx`)
      .observe(reply.elapsedTime / 1000);
  }
  done();
}

/** Measures the admin routes of Nest's Fastify instance (the client endpoint has its own, see client-metrics.ts). */
export function measureAdminRequests(server: FastifyInstance): void {
  server.addHook('onResponse', recordAdminRequest);
}
