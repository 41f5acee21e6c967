import { describe, expect, it } from '@jest/globals';
import { webhookServices } from './support/webhook-fixture.js';
import { eventually } from './support/eventually.js';

// A stack as deployed: private URLs refused.
const services = webhookServices('webhooks_ssrf', { WEBHOOK_ALLOW_PRIVATE_URLS: 'false' });

describe('SSRF guard at creation', () => {
  it.each([
    ['loopback', 'http://127.0.0.1:8080/hook', '127.0.0.1'],
    ['loopback by name', 'http://localhost/hook', /^(127\.0\.0\.1|::1)$/],
    ['IPv6 loopback', 'http://[::1]:8080/hook', '::1'],
    ['IPv4-mapped loopback', 'http://[::ffff:127.0.0.1]/hook', '::ffff:7f00:1'],
    ['cloud metadata', 'http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
    ['RFC 1918', 'https://10.0.0.5/hook', '10.0.0.5'],
    ['RFC 1918', 'https://192.168.1.20/hook', '192.168.1.20'],
    ['CGNAT', 'https://100.64.1.1/hook', '100.64.1.1'],
    ['IPv6 unique local', 'https://[fd12:3456::1]/hook', 'fd12:3456::1'],
    ['unspecified', 'http://0.0.0.0:3000/hook', '0.0.0.0'],
    ['IPv4-compatible IPv6 loopback', 'http://[::7f00:1]/hook', '::7f00:1'],
  ])('refuses a %s URL (%s) with 400', async (_, url, address) => {
    const owner = await services.stack.ownerWithApp();
    const res = await services.stack.http('POST', `/v1/admin/apps/${owner.appId}/webhooks`, {
      token: owner.token,
      body: { url, events: ['user.login'] },
    });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    const host = new URL(url).hostname;
    expect(res.body.message).toBe(`url must point to a public address (${host} is private)`);
    // A name's resolved address is never echoed: it would map the internal network.
    if (address instanceof RegExp) expect(res.body.message).not.toMatch(address);
  });

  it.each(['http://2130706433/hook', 'http://0x7f.0.0.1/hook', 'http://127.1/hook'])(
    'refuses the numeric loopback form %s with 400',
    async (url) => {
      const owner = await services.stack.ownerWithApp();
      const res = await services.stack.http('POST', `/v1/admin/apps/${owner.appId}/webhooks`, {
        token: owner.token,
        body: { url, events: ['user.login'] },
      });
      expect(res.status).toBe(400);
    },
  );

  it('accepts a public address, and refuses to move a webhook onto a private one', async () => {
    const owner = await services.stack.ownerWithApp();
    const created = await services.stack.http('POST', `/v1/admin/apps/${owner.appId}/webhooks`, {
      token: owner.token,
      body: { url: 'https://93.184.215.14/hook', events: ['user.login'] },
    });
    expect(created.status).toBe(201);
    const patched = await services.stack.http(
      'PATCH',
      `/v1/admin/apps/${owner.appId}/webhooks/${created.body.data.id}`,
      {
        token: owner.token,
        body: { url: 'http://169.254.169.254/latest/meta-data/' },
      },
    );
    expect(patched.status).toBe(400);
    const got = await services.stack.http('GET', `/v1/admin/apps/${owner.appId}/webhooks/${created.body.data.id}`, {
      token: owner.token,
    });
    expect(got.body.data.url).toBe('https://93.184.215.14/hook');
  });
});

describe('SSRF guard at delivery', () => {
  /**
   * A webhook saved while its name resolved to a public address and pointing
   * at a private one by delivery time (DNS rebinding), simulated by changing
   * the stored URL behind the API's back.
   */
  async function rebound(url: string) {
    const owner = await services.stack.ownerWithApp();
    const created = await services.stack.http('POST', `/v1/admin/apps/${owner.appId}/webhooks`, {
      token: owner.token,
      body: { url: 'https://93.184.215.14/hook', events: ['user.login'] },
    });
    expect(created.status).toBe(201);
    const webhookId = created.body.data.id;
    await services.stack.db().query('UPDATE webhooks SET url = $1 WHERE id = $2', [url, webhookId]);
    const test = await services.stack.http('POST', `/v1/admin/apps/${owner.appId}/webhooks/${webhookId}/test`, {
      token: owner.token,
    });
    expect(test.status).toBe(200);
    const delivery = await eventually(async () => {
      const list = await services.stack.http('GET', `/v1/admin/apps/${owner.appId}/webhooks/${webhookId}/deliveries`, {
        token: owner.token,
      });
      const found = list.body.data[0];
      return found?.status !== 'pending' && found;
    });
    return delivery;
  }

  it('refuses a name that resolves to loopback on the address it would connect to, without retrying', async () => {
    const url = services.receiver.url().replace('127.0.0.1', 'localhost');
    const delivery = await rebound(url);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 1, lastStatusCode: null });
    expect(delivery.lastError).toBe('Refused: localhost does not resolve to a public address');
    expect(delivery.attemptDetails[0]).toMatchObject({ statusCode: null, responseBody: null });
    expect(services.receiver.to(url)).toEqual([]);
  });

  it('refuses a literal private address', async () => {
    const url = services.receiver.url();
    const delivery = await rebound(url);
    expect(delivery).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'Refused: 127.0.0.1 is not a public address',
    });
    expect(services.receiver.to(url)).toEqual([]);
  });
});
