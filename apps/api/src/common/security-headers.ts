import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Every HTML page, the dashboard's and the OpenAPI UI at /docs: scripts only
 * from our own origin (Vite emits no inline script, and Swagger UI's page
 * loads its bootstrap from a file), never framed. Inline styles stay allowed:
 * the UI libraries set style attributes and insert small style elements at
 * run time, and Swagger UI's page has one.
 */
export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Security headers (contract, "Operations"), on @fastify/helmet:
 * `X-Content-Type-Options: nosniff` and `Referrer-Policy: no-referrer` on
 * every response; the CSP above on HTML pages; `Cache-Control:
 * no-store` on every API answer, since many carry a token, a key or a secret
 * and none is worth caching.
 */
export async function registerSecurityHeaders(server: FastifyInstance): Promise<void> {
  await server.register(helmet, {
    global: true,
    contentSecurityPolicy: false,
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
    // The API serves no cross-origin embedder that would need these relaxed; defaults otherwise.
    crossOriginEmbedderPolicy: false,
  });
  server.addHook('onSend', async (request, reply, payload) => {
    const pathname = request.url.split('?')[0] ?? '';
    const contentType = String(reply.getHeader('content-type') ?? '');
    if (pathname === '/v1' || pathname.startsWith('/v1/')) {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    } else if (contentType.startsWith('text/html')) {
      reply.header('content-security-policy', PAGE_CSP);
    }
    return payload;
  });
}
