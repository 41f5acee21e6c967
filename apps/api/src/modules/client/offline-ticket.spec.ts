import { describe, expect, it } from '@jest/globals';
import { generateKeyPairSync } from 'node:crypto';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import type { CachedApp } from '../apps/app-credentials.cache.js';
import { markTicketSubject, withOfflineTicket } from './offline-ticket.js';

const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const NOW = Date.UTC(2026, 10, 22, 12, 0, 0, 400);
const IAT = Math.floor(NOW / 1000);

function app(offlineTicketSeconds: number): CachedApp {
  return { id: 'app-1', keyId: '0123456789abcdef', offlineTicketSeconds, signingKey: privateKey } as CachedApp;
}

const user = (expiresAt: string | null) => ({
  userId: 'user-1',
  username: 'alice',
  level: 7,
  hwid: 'HW-1',
  expiresAt,
  createdAt: '2026-11-01T00:00:00.000Z',
  lastLoginAt: null,
});

function marked(expiresAt: string | null) {
  const u = user(expiresAt);
  return { message: 'Session is valid', data: markTicketSubject({ user: u, expiresAt: 'x' }, 'session-1', u) };
}

describe('offline tickets', () => {
  it('sign the contract claims with EdDSA under the keyId', async () => {
    const result = await withOfflineTicket(app(3600), marked(null), NOW);
    const ticket = (result.data as { ticket: string }).ticket;
    expect(decodeProtectedHeader(ticket)).toEqual({ alg: 'EdDSA', kid: '0123456789abcdef' });
    const { payload } = await jwtVerify(ticket, publicKey, { currentDate: new Date(NOW) });
    expect(payload).toEqual({
      iss: 'app-1',
      sub: 'user-1',
      sid: 'session-1',
      lvl: 7,
      hwid: 'HW-1',
      iat: IAT,
      exp: IAT + 3600,
    });
    expect(result.data).toMatchObject({ user: user(null), expiresAt: 'x' });
  });

  it("end at the user's expiry when it comes first", async () => {
    const soon = new Date(NOW + 600_500).toISOString();
    const ticket = ((await withOfflineTicket(app(3600), marked(soon), NOW)).data as { ticket: string }).ticket;
    const { payload } = await jwtVerify(ticket, publicKey, { currentDate: new Date(NOW) });
    expect(payload.exp).toBe(IAT + 600);
  });

  it('are left out when the app hands none out, and for answers not marked', async () => {
    const off = marked(null);
    expect(await withOfflineTicket(app(0), off, NOW)).toBe(off);
    const init = { message: 'App initialized', data: { name: 'x' } };
    expect(await withOfflineTicket(app(3600), init, NOW)).toBe(init);
  });
});
