import { afterAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  dropDatabase,
  freshDatabase,
  freePort,
  startApi,
  startWorker,
  testEnv,
} from '../../../scripts/test-service.mjs';
import { HEALTH_WARNINGS } from '@latchkey/contracts';
import { closeDb, db } from './support/db.js';
import { BASE_URL, http } from './support/http.js';

afterAll(closeDb);

describe('operations', () => {
  it('GET /health reports PostgreSQL and Redis, and warns (still 200) that autovacuum is off', async () => {
    // The local PostgreSQL runs with autovacuum off.
    expect((await db().query('SHOW autovacuum')).rows[0].autovacuum).toBe('off');
    const res = await http('GET', '/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'ok',
      db: 'up',
      redis: 'up',
      warnings: [{ code: 'AUTOVACUUM_OFF', message: HEALTH_WARNINGS.AUTOVACUUM_OFF }],
    });
  });

  it("serves the checkout's built dashboard when DASHBOARD_DIR is unset, as `npm start` runs the API", async () => {
    // The shared API runs with testEnv, which sets no DASHBOARD_DIR; the build makes the dashboard before the specs.
    const index = readFileSync(path.resolve(import.meta.dirname, '../../dashboard/dist/index.html'), 'utf8');
    for (const page of ['/', '/sign-in']) {
      const res = await fetch(BASE_URL + page);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(index);
    }
  });

  it('GET /health answers 503 when the database is gone, and /health/live 200 (a liveness probe restarts nothing)', async () => {
    const name = `latchkey_test_health_${process.pid}`;
    const api = await startApi(testEnv(await freshDatabase(name)));
    try {
      await dropDatabase(name);
      const res = await http('GET', '/health', { baseUrl: api.url });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ status: 'error', db: 'down', redis: 'up', warnings: [] });
      const live = await http('GET', '/health/live', { baseUrl: api.url });
      expect([live.status, live.body]).toEqual([200, { status: 'ok' }]);
    } finally {
      await api.stop();
      await dropDatabase(name);
    }
  });

  it("the worker's probe listener on WORKER_HEALTH_PORT answers /health as the API does, and /health/live", async () => {
    const port = await freePort();
    const worker = await startWorker(
      testEnv(process.env.LATCHKEY_TEST_DATABASE_URL!, { WORKER_HEALTH_PORT: String(port) }),
    );
    try {
      const baseUrl = `http://127.0.0.1:${port}`;
      const health = await http('GET', '/health', { baseUrl });
      expect([health.status, health.body]).toEqual([200, (await http('GET', '/health')).body]);
      expect((await http('GET', '/health/live', { baseUrl })).body).toEqual({ status: 'ok' });
      expect((await http('GET', '/elsewhere', { baseUrl })).status).toBe(404);
    } finally {
      await worker.stop();
    }
  }, 90_000);

  it('serves the OpenAPI document generated from the controllers', async () => {
    const res = await http('GET', '/docs/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    for (const p of ['/v1', '/v1/admin/apps', '/v1/admin/apps/{appId}', '/v1/admin/auth/signup', '/health']) {
      expect(Object.keys(res.body.paths)).toContain(p);
    }
    const ui = await http('GET', '/docs');
    expect(ui.status).toBe(200);
    expect(ui.body).toContain('swagger');
  });

  it('echoes a request id, or makes one', async () => {
    const given = await http('GET', '/health', { headers: { 'x-request-id': 'trace-123' } });
    expect(given.headers.get('x-request-id')).toBe('trace-123');
    const made = await http('GET', '/health');
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers unknown routes with 404 in the admin error body', async () => {
    const res = await http('GET', '/v1/admin/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, code: 'ROUTE_NOT_FOUND', message: 'Route not found' });
  });

  it('refuses to start on bad configuration, one line per problem', () => {
    const main = path.resolve(import.meta.dirname, '../dist/bundle/main.js');
    const result = spawnSync(process.execPath, [main], {
      env: { PATH: process.env.PATH, PORT: 'eighty', BCRYPT_COST: '99', MASTER_KEY: 'short', LOG_LEVEL: 'loud' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'Configuration error: PORT must be an integer',
        'Configuration error: BCRYPT_COST must be between 4 and 15',
        expect.stringMatching(/^Configuration error: MASTER_KEY /),
        expect.stringMatching(/^Configuration error: LOG_LEVEL /),
      ]),
    );
    expect(lines).toHaveLength(4);
  });

  it('refuses sign-up with 403 when SIGNUP_ENABLED=false', async () => {
    const api = await startApi(testEnv(process.env.LATCHKEY_TEST_DATABASE_URL!, { SIGNUP_ENABLED: 'false' }));
    try {
      const res = await http('POST', '/v1/admin/auth/signup', {
        baseUrl: api.url,
        body: { email: 'closed@example.com', password: 'long enough pw' },
      });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ success: false, code: 'SIGNUP_DISABLED', message: 'Sign-up is disabled' });
    } finally {
      await api.stop();
    }
  });
});
