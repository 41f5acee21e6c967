import { describe, expect, it } from '@jest/globals';
import { hwidDecision } from './hwid.js';

describe('hwidDecision', () => {
  it('stores the first HWID sent', () => {
    expect(hwidDecision({ hwidLock: true, stored: null, sent: 'HW-1' })).toEqual({ allowed: true, store: true });
  });
  it('requires the stored HWID afterwards', () => {
    expect(hwidDecision({ hwidLock: true, stored: 'HW-1', sent: 'HW-1' })).toEqual({ allowed: true, store: false });
    expect(hwidDecision({ hwidLock: true, stored: 'HW-1', sent: 'HW-2' })).toEqual({ allowed: false, store: false });
  });
  it('treats a missing HWID as a mismatch once one is stored', () => {
    expect(hwidDecision({ hwidLock: true, stored: 'HW-1', sent: undefined })).toEqual({ allowed: false, store: false });
    expect(hwidDecision({ hwidLock: true, stored: 'HW-1', sent: null })).toEqual({ allowed: false, store: false });
  });
  it('leaves a user who never sends one unlocked', () => {
    expect(hwidDecision({ hwidLock: true, stored: null, sent: undefined })).toEqual({ allowed: true, store: false });
  });
  it('ignores HWIDs when the app turned locking off', () => {
    expect(hwidDecision({ hwidLock: false, stored: 'HW-1', sent: 'HW-2' })).toEqual({ allowed: true, store: false });
    expect(hwidDecision({ hwidLock: false, stored: null, sent: 'HW-2' })).toEqual({ allowed: true, store: false });
  });
});
