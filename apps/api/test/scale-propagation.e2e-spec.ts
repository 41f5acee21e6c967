import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eventually } from './support/eventually.js';
import { ServiceStack, type StackOwner } from './support/service-stack.js';

// Two API processes on one PostgreSQL and Redis, as API_PROCESSES=2 or two
// replicas run them: an app change made through one holds in both within a second.
let stack: ServiceStack;

beforeAll(async () => {
  stack = await ServiceStack.start('scale', {}, { apis: 2, workers: 0 });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
}, 60_000);

/** `init` on API process `api`, as "status message". */
async function init(api: number, app: StackOwner): Promise<string> {
  const res = await stack.client(app, { type: 'init' }, api);
  return `${res.status} ${res.body.message}`;
}

function initEverywhere(app: StackOwner): Promise<string[]> {
  return Promise.all(stack.apis.map((_, api) => init(api, app)));
}

/** Both processes answer `expected` within one second of the change. */
async function bothAnswer(app: StackOwner, expected: string): Promise<void> {
  for (const api of stack.apis.keys()) {
    await eventually(() => init(api, app), {
      until: (answer) => answer === expected,
      timeoutMs: 1000,
      what: `API process ${api} to answer ${expected}`,
    });
  }
}

describe('an app change made through one API process', () => {
  it('disabling the app holds in every process within a second', async () => {
    const app = await stack.ownerWithApp();
    // Both processes have the app cached before the change.
    expect(await initEverywhere(app)).toEqual([expect.stringMatching(/^200 /), expect.stringMatching(/^200 /)]);
    await stack.patchApp(app, { enabled: false });
    await bothAnswer(app, '403 Application is disabled');
  }, 30_000);

  it('a blacklist entry holds in every process within a second', async () => {
    const app = await stack.ownerWithApp();
    expect((await initEverywhere(app)).every((a) => a.startsWith('200 '))).toBe(true);
    const entry = await stack.http('POST', `/v1/admin/apps/${app.appId}/blacklist`, {
      token: app.token,
      body: { type: 'ip', value: '127.0.0.0/8', reason: 'scale test' },
    });
    expect(entry.status).toBe(201);
    await bothAnswer(app, '403 Access denied');
  }, 30_000);

  it('rotating the API key holds in every process within a second', async () => {
    const app = await stack.ownerWithApp();
    expect((await initEverywhere(app)).every((a) => a.startsWith('200 '))).toBe(true);
    const rotated = await stack.http('POST', `/v1/admin/apps/${app.appId}/api-key/rotate`, {
      token: app.token,
    });
    expect([200, 201]).toContain(rotated.status);
    await bothAnswer(app, '401 Invalid application credentials');
  }, 30_000);
});
