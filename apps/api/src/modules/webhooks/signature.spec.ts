import { describe, expect, it } from '@jest/globals';
import { Webhook } from 'standardwebhooks';
import { buildDeliveryRequest } from './delivery-request.js';
import { generateWebhookSecret, signWebhook } from './signature.js';

describe('webhook secrets', () => {
  it('are whsec_ + base64 of 32 random bytes', () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(generateWebhookSecret()).not.toBe(secret);
  });
});

describe('signWebhook', () => {
  it('matches the Standard Webhooks reference example', () => {
    // The example of the Standard Webhooks JavaScript library's own tests.
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    expect(signWebhook(secret, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}')).toBe(
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
  });

  it('agrees with the standardwebhooks library for generated secrets', () => {
    const secret = generateWebhookSecret();
    expect(signWebhook(secret, 'id', 1700000000, 'body')).toBe(
      new Webhook(secret).sign('id', new Date(1700000000 * 1000), 'body'),
    );
  });

  it('signs deliveries so that the standardwebhooks verifier accepts them', () => {
    const secret = generateWebhookSecret();
    const request = buildDeliveryRequest(
      {
        deliveryId: '0b7a4c1e-58a3-4a9e-9a43-5a8d1c0b2f11',
        url: 'https://example.com/hook',
        secret,
        event: 'user.login',
        data: { userId: 'u1', username: 'alice', ip: '203.0.113.9', hwid: null, appId: 'a1' },
        occurredAt: new Date('2026-11-22T01:22:06.123Z'),
      },
      'https://discord.com',
    );
    expect(new Webhook(secret).verify(request.body, request.headers)).toEqual(JSON.parse(request.body));
    expect(() => new Webhook(generateWebhookSecret()).verify(request.body, request.headers)).toThrow();
    expect(() => new Webhook(secret).verify(`${request.body} `, request.headers)).toThrow();
  });
});
