// Issue 8: the dashboard's pages carry a CSP without inline script and may not be framed;
// issue 23: so does the OpenAPI UI at /docs.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startApi, testEnv, type RunningApi } from '../../../scripts/test-service.mjs';
import { http } from './support/http.js';

let api: RunningApi;

beforeAll(async () => {
  const dashboardDir = mkdtempSync(path.join(tmpdir(), 'latchkey-dashboard-'));
  writeFileSync(path.join(dashboardDir, 'index.html'), '<!doctype html><title>Latchkey</title><div id="root"></div>');
  api = await startApi(testEnv(process.env.LATCHKEY_TEST_DATABASE_URL!, { DASHBOARD_DIR: dashboardDir }));
}, 60_000);
afterAll(async () => {
  await api?.stop();
});

describe('HTML pages', () => {
  it.each(['/', '/apps/0b0c2a4e-0000-4000-8000-000000000000/licenses', '/docs'])(
    '%s: CSP, no framing, no referrer',
    async (page) => {
      const res = await http('GET', page, { baseUrl: api.url });
      expect(res.status).toBe(200);
      const csp = res.headers.get('content-security-policy')!;
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    },
  );

  it('API answers carry no CSP but are never cached', async () => {
    const res = await http('GET', '/v1/admin/me', { baseUrl: api.url });
    expect(res.status).toBe(401);
    expect(res.headers.get('content-security-policy')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

// POST /v1 skips helmet's browser headers for speed (client.endpoint.ts) but keeps the contract's own.
describe('client endpoint', () => {
  it.each([
    ['an answer', { type: 'init', appId: '0b0c2a4e-0000-4000-8000-000000000000', apiKey: 'x' }],
    ['a body that is not JSON', '{"type":'],
    ['a body over the limit', JSON.stringify({ type: 'init', padding: 'x'.repeat(1024 * 1024) })],
  ])('POST /v1: %s is marked nosniff and never cached', async (_, body) => {
    const res = await http('POST', '/v1', { baseUrl: api.url, body });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });
});
