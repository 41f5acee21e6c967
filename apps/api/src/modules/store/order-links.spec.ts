import { describe, expect, it } from '@jest/globals';
import { parseConfig, type Config } from '../../config/config.js';
import { OrderLinks } from './order-links.js';

function links(env: Record<string, string> = {}, key = 7): OrderLinks {
  const result = parseConfig({ MASTER_KEY: Buffer.alloc(32, key).toString('base64'), ...env });
  if (!('config' in result)) throw new Error(result.problems.join('; '));
  return new OrderLinks(result.config as Config);
}

const ORDER = '0b8e5c1a-3f4d-4e2a-9c7b-1d2e3f4a5b6c';

describe('OrderLinks', () => {
  it('reads back the order of a link it made, until the link expires', () => {
    const signer = links();
    const now = Date.UTC(2026, 10, 28, 12);
    const { token, expiresAt } = signer.issue(ORDER, 86_400, now);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(expiresAt.toISOString()).toBe('2026-11-29T12:00:00.000Z');
    expect(signer.read(token, now)).toEqual({ orderId: ORDER, expiresAt });
    expect(signer.read(token, expiresAt.getTime() - 1)?.orderId).toBe(ORDER);
    expect(signer.read(token, expiresAt.getTime())).toBeNull();
  });

  it('refuses a link with any byte changed, one made under another MASTER_KEY, and other shapes', () => {
    const signer = links();
    const now = Date.now();
    const { token } = signer.issue(ORDER, 3600, now);
    const bytes = Buffer.from(token, 'base64url');
    for (let i = 0; i < bytes.length; i++) {
      const tampered = Buffer.from(bytes);
      tampered[i]! ^= 1;
      expect(signer.read(tampered.toString('base64url'), now)).toBeNull();
    }
    expect(signer.read(links({}, 8).issue(ORDER, 3600, now).token, now)).toBeNull();
    const last = token.at(-1)!;
    const respelled = `${token.slice(0, 42)}${String.fromCharCode(last.charCodeAt(0) ^ 1)}`;
    expect(signer.read(respelled, now)).toBeNull();
    for (const other of ['', 'x', `${token}A`, token.slice(1), `${token.slice(0, 42)}+`]) {
      expect(signer.read(other, now)).toBeNull();
    }
  });

  it('puts the page under PUBLIC_URL, else the request origin', () => {
    const { token } = links().issue(ORDER);
    expect(links({ PUBLIC_URL: 'https://lk.example.com/base' }).url(token, 'http://other')).toBe(
      `https://lk.example.com/base/order/${token}`,
    );
    expect(links().url(token, 'http://127.0.0.1:3000')).toBe(`http://127.0.0.1:3000/order/${token}`);
    expect(links().url(token, null)).toBeNull();
  });
});
