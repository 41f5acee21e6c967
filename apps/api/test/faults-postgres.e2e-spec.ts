import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { startApi, testEnv, type RunningApi } from '../../../scripts/test-service.mjs';
import { eventually } from './support/eventually.js';
import { http } from './support/http.js';
import { ThrowawayPostgres } from './support/throwaway-postgres.js';

// Stopping PostgreSQL would break every other suite on the shared server, so
// this spec runs its own.
let postgres: ThrowawayPostgres;
let api: RunningApi;

beforeAll(async () => {
  postgres = await ThrowawayPostgres.start();
  api = await startApi(testEnv(postgres.url('latchkey_faults')));
}, 120_000);

afterAll(async () => {
  await api?.stop();
  postgres?.destroy();
}, 60_000);

async function licenseCall(app: { appId: string; apiKey: string }): Promise<{ status: number; body: any }> {
  const res = await fetch(`${api.url}/v1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'license', appId: app.appId, apiKey: app.apiKey, licenseKey: 'NOT-A-REAL-KEY-0000' }),
  });
  return { status: res.status, body: await res.json() };
}

describe('a PostgreSQL restart under load', () => {
  it('answers 503 Service unavailable in the envelope while it is down, never 500, and recovers by itself', async () => {
    const baseUrl = api.url;
    const signup = await http('POST', '/v1/admin/auth/signup', {
      baseUrl,
      body: { email: `owner-${randomUUID()}@example.com`, password: 'correct horse battery' },
    });
    const created = await http('POST', '/v1/admin/apps', {
      baseUrl,
      token: signup.body.data.accessToken,
      body: { name: 'Faults' },
    });
    const app = { appId: created.body.data.appId, apiKey: created.body.data.apiKey };
    const healthy = await licenseCall(app);
    expect(healthy.status).toBe(404);

    const statuses: number[] = [];
    const bodies: any[] = [];
    let running = true;
    const load = (async () => {
      while (running) {
        const answer = await licenseCall(app);
        statuses.push(answer.status);
        bodies.push(answer.body);
      }
    })();

    postgres.stop();
    await eventually(() => statuses.includes(503), { what: 'a 503 while PostgreSQL is down' });
    postgres.start();
    const recovered = await eventually(async () => (await licenseCall(app)).status === healthy.status, {
      timeoutMs: 30_000,
      what: 'answers as before once PostgreSQL is back',
    });
    running = false;
    await load;

    expect(recovered).toBe(true);
    expect(statuses.filter((s) => s >= 500 && s !== 503)).toEqual([]);
    expect(new Set(statuses)).toEqual(new Set([healthy.status, 503]));
    const unavailable = bodies[statuses.indexOf(503)];
    expect(unavailable).toEqual({ success: false, message: 'Service unavailable', data: {} });
  }, 120_000);
});
