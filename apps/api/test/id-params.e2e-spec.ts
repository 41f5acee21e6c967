// "Malformed id -> 404" is one route-level rule (common/id-param.ts): every
// admin route answers a path id that is not a UUID with the contract's 404
// `Not found`, before it reads the body or any row. (`{appId}` is
// AppOwnershipGuard's, checked with the route's role policy: apps.e2e-spec.)
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createApp, type Owner, signupOwner } from './factories/index.js';
import { closeDb } from './support/db.js';
import { http } from './support/http.js';
import { registeredAdminRoutes } from './support/routes.js';

let owner: Owner;
let appId: string;

beforeAll(async () => {
  owner = await signupOwner();
  appId = (await createApp(owner)).appId;
});
afterAll(closeDb);

/** Every admin route with an id besides `{appId}` in its path. */
async function routesWithIds(): Promise<string[]> {
  return (await registeredAdminRoutes()).filter((route) => /\{(?!appId\})\w+Id\}/.test(route));
}

describe('malformed path ids', () => {
  it('are 404 Not found on every admin route, whatever the body', async () => {
    const routes = await routesWithIds();
    expect(routes.length).toBeGreaterThan(25);
    const answers: Record<string, unknown> = {};
    for (const route of routes) {
      const [method, template] = route.split(' ') as [string, string];
      // The app is real, so only the malformed id can answer.
      const path = template.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'appId' ? appId : 'not-a-uuid'));
      const res = await http(method, path, { token: owner.token, body: method === 'GET' ? undefined : {} });
      answers[route] = [res.status, res.body.message];
    }
    expect(answers).toEqual(Object.fromEntries(routes.map((route) => [route, [404, 'Not found']])));
  });
});
