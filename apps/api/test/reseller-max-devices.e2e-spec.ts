// Issue 23: the owner bounds the maxDevices of the keys each reseller sells
// (maxDevicesLimit, null = any up to 1000), like its levels and durations.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { createReseller, ownerWithApp, RESELLER_PASSWORD, signedInReseller } from './factories/index.js';
import { closeDb } from './support/db.js';
import { http } from './support/http.js';
import { resellerRecord } from './support/resellers.js';

const { owner, app } = ownerWithApp();
let base: string;
beforeAll(() => {
  base = `/v1/admin/apps/${app.appId}/resellers`;
});
afterAll(closeDb);

describe('maxDevicesLimit', () => {
  it('defaults to null (any), is set at creation and shown to the reseller in me', async () => {
    expect((await createReseller(owner, app)).maxDevicesLimit).toBeNull();
    const reseller = await signedInReseller(owner, app, { maxDevicesLimit: 3 });
    expect((await resellerRecord(owner, app.appId, reseller.id)).maxDevicesLimit).toBe(3);
    const me = await http('GET', '/v1/admin/me', { token: reseller.token });
    expect(me.body.data.apps[0]).toMatchObject({ appId: app.appId, maxDevicesLimit: 3 });
  });

  it('refuses a key above the bound with 403 before looking at credits; within it and the default pass', async () => {
    const reseller = await signedInReseller(owner, app, { maxDevicesLimit: 3, credits: 2 });
    const generate = (fields: Record<string, unknown>) =>
      http('POST', `/v1/admin/apps/${app.appId}/licenses`, {
        token: reseller.token,
        body: { durationType: '30d', ...fields },
      });
    const above = await generate({ maxDevices: 4 });
    expect([above.status, above.body]).toEqual([
      403,
      { success: false, code: 'NOT_FOR_THIS_RESELLER', message: 'Not allowed for this reseller' },
    ]);
    // Too many keys for the credits, and above the bound: the bound answers first.
    expect((await generate({ maxDevices: 4, count: 5 })).status).toBe(403);
    expect((await resellerRecord(owner, app.appId, reseller.id)).credits).toBe(2);

    const within = await generate({ maxDevices: 3 });
    expect([within.status, within.body.data[0].maxDevices]).toEqual([201, 3]);
    // Without maxDevices a key gets the default, 1, which every bound allows.
    const unnamed = await generate({});
    expect([unnamed.status, unnamed.body.data[0].maxDevices]).toEqual([201, 1]);
    expect((await resellerRecord(owner, app.appId, reseller.id)).credits).toBe(0);
  });

  it('is changed by PATCH, applies to the next generation, and null allows any again', async () => {
    const reseller = await signedInReseller(owner, app, { maxDevicesLimit: 2, credits: 5 });
    const generate = (maxDevices: number) =>
      http('POST', `/v1/admin/apps/${app.appId}/licenses`, {
        token: reseller.token,
        body: { durationType: '1d', maxDevices },
      });
    const patch = (maxDevicesLimit: number | null) =>
      http('PATCH', `${base}/${reseller.id}`, { token: owner.token, body: { maxDevicesLimit } });

    expect((await generate(5)).status).toBe(403);
    const raised = await patch(5);
    expect([raised.status, raised.body.data.maxDevicesLimit]).toEqual([200, 5]);
    expect((await generate(5)).status).toBe(201);
    expect((await generate(6)).status).toBe(403);

    // Other fields leave it as it is.
    const other = await http('PATCH', `${base}/${reseller.id}`, { token: owner.token, body: { allowedLevels: [1] } });
    expect(other.body.data.maxDevicesLimit).toBe(5);

    expect((await patch(null)).body.data.maxDevicesLimit).toBeNull();
    expect((await generate(1000)).status).toBe(201);
  });

  it.each([0, 1001, 1.5, '3', true])('refuses maxDevicesLimit %j with 400 at creation and in PATCH', async (value) => {
    const message = 'maxDevicesLimit must be null or an integer between 1 and 1000';
    const created = await http('POST', base, {
      token: owner.token,
      body: { email: `r-${randomUUID()}@example.com`, password: RESELLER_PASSWORD, maxDevicesLimit: value },
    });
    expect([created.status, created.body.message]).toEqual([400, message]);
    const reseller = await createReseller(owner, app);
    const patched = await http('PATCH', `${base}/${reseller.id}`, {
      token: owner.token,
      body: { maxDevicesLimit: value },
    });
    expect([patched.status, patched.body.message]).toEqual([400, message]);
  });

  it('is in the OpenAPI document of both requests', async () => {
    const { schemas } = (await http('GET', '/docs/openapi.json')).body.components;
    for (const dto of ['CreateResellerDto', 'UpdateResellerDto']) {
      expect(schemas[dto].properties.maxDevicesLimit).toMatchObject({ minimum: 1, maximum: 1000, nullable: true });
    }
  });
});
