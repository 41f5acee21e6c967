import { describe, expect, it } from '@jest/globals';
import { durationEnd, extendExpiry, generateLicenseKey } from './license-key.js';

const KEY = /^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{5}(-[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{5}){3}$/;

describe('license keys', () => {
  it('has four segments of five characters from the unambiguous alphabet', () => {
    for (let i = 0; i < 200; i += 1) expect(generateLicenseKey()).toMatch(KEY);
  });

  it('replaces the first segment with the prefix', () => {
    expect(generateLicenseKey('ACME')).toMatch(/^ACME(-[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{5}){3}$/);
  });

  it('does not repeat itself', () => {
    const keys = new Set(Array.from({ length: 5000 }, () => generateLicenseKey()));
    expect(keys.size).toBe(5000);
  });
});

describe('durations', () => {
  const now = new Date('2026-01-01T00:00:00.000Z');

  it('ends a duration after its length, lifetime never', () => {
    expect(durationEnd('1h', now)?.toISOString()).toBe('2026-01-01T01:00:00.000Z');
    expect(durationEnd('30d', now)?.toISOString()).toBe('2026-01-31T00:00:00.000Z');
    expect(durationEnd('lifetime', now)).toBeNull();
  });

  it('extends from the later of now and the current expiry', () => {
    const future = new Date('2026-03-01T00:00:00.000Z');
    const past = new Date('2025-06-01T00:00:00.000Z');
    expect(extendExpiry(future, '1d', now)?.toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(extendExpiry(past, '1d', now)?.toISOString()).toBe('2026-01-02T00:00:00.000Z');
    expect(extendExpiry(null, '1d', now)).toBeNull();
    expect(extendExpiry(future, 'lifetime', now)).toBeNull();
  });

  it('stops at the latest expiry a timestamp can be written with', () => {
    const nearEnd = new Date('9999-12-20T00:00:00.000Z');
    expect(extendExpiry(nearEnd, '365d', now)?.toISOString()).toBe('9999-12-31T23:59:59.999Z');
  });
});
