import { afterAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { verifySignature } from '@latchkey/sdk';
import { clientFor } from './support/api.js';
import { createApp, ownerWithApp } from './factories/index.js';
import { closeDb } from './support/db.js';
import { BASE_URL, http } from './support/http.js';

const { owner, app } = ownerWithApp({ name: 'Signed App', version: '3.2.1', updateUrl: 'https://example.com/update' });
afterAll(closeDb);

/** POST /v1 with a raw body, returning status, text and signature headers. */
async function rawCall(body: string, contentType = 'application/json') {
  const res = await fetch(`${BASE_URL}/v1`, { method: 'POST', headers: { 'content-type': contentType }, body });
  return {
    status: res.status,
    text: await res.text(),
    signature: res.headers.get('x-signature-ed25519'),
    timestamp: res.headers.get('x-signature-timestamp'),
  };
}

describe('POST /v1 init', () => {
  it('answers 200 with the app details, signed with the app key', async () => {
    const res = await clientFor(app).init();
    expect(res.status).toBe(200);
    expect(res.verified).toBe(true);
    expect(res.body).toEqual({
      success: true,
      message: 'App initialized',
      data: { name: 'Signed App', version: '3.2.1', updateUrl: 'https://example.com/update' },
    });
  });

  it('signs timestamp + raw body so that tampering is detected', async () => {
    const res = await rawCall(JSON.stringify({ type: 'init', appId: app.appId, apiKey: app.apiKey }));
    expect(res.signature).toMatch(/^[0-9a-f]{128}$/);
    expect(Math.abs(Number(res.timestamp) - Date.now() / 1000)).toBeLessThan(60);
    expect(verifySignature(app.publicKey, res.timestamp!, res.text, res.signature!)).toBe(true);
    expect(verifySignature(app.publicKey, res.timestamp!, res.text.replace('3.2.1', '9.9.9'), res.signature!)).toBe(
      false,
    );
    expect(verifySignature(app.publicKey, String(Number(res.timestamp) + 1), res.text, res.signature!)).toBe(false);
    const other = await createApp(owner);
    expect(verifySignature(other.publicKey, res.timestamp!, res.text, res.signature!)).toBe(false);
  });

  it('answers an unknown appId with 401, unsigned', async () => {
    for (const appId of [randomUUID(), 'not-a-uuid']) {
      const res = await rawCall(JSON.stringify({ type: 'init', appId, apiKey: app.apiKey }));
      expect(res.status).toBe(401);
      expect(JSON.parse(res.text)).toEqual({ success: false, message: 'Invalid application credentials', data: {} });
      expect(res.signature).toBeNull();
    }
  });

  it('answers a wrong apiKey with 401, signed', async () => {
    const res = await clientFor({ ...app, apiKey: 'lk_wrong' }).init();
    expect(res.status).toBe(401);
    expect(res.verified).toBe(true);
    expect(res.body.message).toBe('Invalid application credentials');
  });

  it('answers a disabled app with 403 and recovers at once when re-enabled', async () => {
    const own = await createApp(owner);
    const client = clientFor(own);
    await http('PATCH', `/v1/admin/apps/${own.appId}`, { token: owner.token, body: { enabled: false } });
    const disabled = await client.init();
    expect(disabled.status).toBe(403);
    expect(disabled.body).toEqual({ success: false, message: 'Application is disabled', data: {} });
    expect(disabled.verified).toBe(true);
    await http('PATCH', `/v1/admin/apps/${own.appId}`, { token: owner.token, body: { enabled: true } });
    expect((await client.init()).status).toBe(200);
  });

  it('checks the body shape before the credentials', async () => {
    const res = await clientFor({ ...app, apiKey: 'lk_wrong' }).call({ type: 'nope' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Unknown request type');
  });

  it.each([
    [{ appId: 'x', apiKey: 'y' }, 'Unknown request type'],
    [{ type: 42, appId: 'x', apiKey: 'y' }, 'Unknown request type'],
    [{ type: 'teleport', appId: 'x', apiKey: 'y' }, 'Unknown request type'],
    [{ type: 'init', apiKey: 'y' }, 'appId is required'],
    [{ type: 'init', appId: 7, apiKey: 'y' }, 'appId must be a string'],
    [{ type: 'init', appId: 'x'.repeat(65), apiKey: 'y' }, 'appId must be 1-64 characters'],
    [{ type: 'init', appId: 'x' }, 'apiKey is required'],
  ])('rejects %j with 400 and a message naming the problem', async (body, message) => {
    const res = await rawCall(JSON.stringify(body));
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text)).toEqual({ success: false, message, data: {} });
  });

  it('signs 400 answers when the appId is known', async () => {
    const res = await clientFor(app).call({ type: 'teleport' });
    expect(res.status).toBe(400);
    expect(res.verified).toBe(true);
  });

  it.each([
    ['{"type":"init",', 'Malformed JSON body'],
    ['[1,2,3]', 'Request body must be a JSON object'],
    ['"init"', 'Request body must be a JSON object'],
    ['null', 'Request body must be a JSON object'],
  ])('answers malformed body %s with 400 in the envelope', async (body, message) => {
    const res = await rawCall(body);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text)).toEqual({ success: false, message, data: {} });
  });

  it('answers an empty body with a 4xx envelope', async () => {
    const res = await rawCall('');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text).success).toBe(false);
  });

  it('answers a body over 1 MiB with 413 in the envelope', async () => {
    const res = await rawCall(
      JSON.stringify({ type: 'init', appId: app.appId, apiKey: app.apiKey, pad: 'x'.repeat(1_100_000) }),
    );
    expect(res.status).toBe(413);
    expect(JSON.parse(res.text)).toEqual({ success: false, message: 'Request body is too large', data: {} });
  });

  // Fastify refuses such bodies before reading them and closes the connection; until the
  // client server dropped the unread rest first, about one call in thirteen got a reset instead.
  it('answers oversized and non-JSON bodies whole while the client is still sending them', async () => {
    const oversized = JSON.stringify({
      type: 'init',
      appId: app.appId,
      apiKey: app.apiKey,
      pad: 'x'.repeat(1_100_000),
    });
    const form = `type=init&pad=${'x'.repeat(1_100_000)}`;
    for (let i = 0; i < 60; i += 1) {
      const tooLarge = await rawCall(oversized);
      expect(tooLarge.status).toBe(413);
      expect(JSON.parse(tooLarge.text)).toEqual({ success: false, message: 'Request body is too large', data: {} });
      expect((await rawCall(form, 'application/x-www-form-urlencoded')).status).toBe(415);
    }
  });

  it('answers a body that is not JSON with 415 in the envelope', async () => {
    const res = await rawCall('type=init', 'application/x-www-form-urlencoded');
    expect(res.status).toBe(415);
    expect(JSON.parse(res.text)).toEqual({
      success: false,
      message: 'Content-Type must be application/json',
      data: {},
    });
  });

  // POST /v1 has a Fastify instance of its own beside Nest's (modules/client/client-server.ts).
  it('answers POST /v1 with a query string as POST /v1, and other methods on /v1 with 404', async () => {
    const body = JSON.stringify({ type: 'init', appId: app.appId, apiKey: app.apiKey });
    const res = await fetch(`${BASE_URL}/v1?from=launcher`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(res.status).toBe(200);
    expect(
      verifySignature(
        app.publicKey,
        res.headers.get('x-signature-timestamp')!,
        await res.text(),
        res.headers.get('x-signature-ed25519')!,
      ),
    ).toBe(true);
    const get = await http('GET', '/v1');
    expect(get.status).toBe(404);
  });

  it('keeps client connections open as long as every other route (72 s) and echoes the request id', async () => {
    const res = await fetch(`${BASE_URL}/v1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'launch-42' },
      body: JSON.stringify({ type: 'init', appId: app.appId, apiKey: app.apiKey }),
    });
    expect(res.headers.get('keep-alive')).toBe('timeout=72');
    expect(res.headers.get('x-request-id')).toBe('launch-42');
    const admin = await http('GET', '/health');
    expect(admin.headers.get('keep-alive')).toBe('timeout=72');
  });

  it('holds up under parallel calls', async () => {
    const client = clientFor(app);
    const results = await Promise.all(Array.from({ length: 50 }, () => client.init()));
    expect(results.every((r) => r.status === 200 && r.verified)).toBe(true);
  });
});
