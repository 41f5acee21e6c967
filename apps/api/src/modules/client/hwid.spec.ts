import { describe, expect, it } from '@jest/globals';
import { hwidDecision } from './hwid.js';

describe('hwidDecision', () => {
  it('stores the first HWID sent', () => {
    expect(hwidDecision(true, null, 'HW-1')).toEqual({ allowed: true, store: true });
  });
  it('requires the stored HWID afterwards', () => {
    expect(hwidDecision(true, 'HW-1', 'HW-1')).toEqual({ allowed: true, store: false });
    expect(hwidDecision(true, 'HW-1', 'HW-2')).toEqual({ allowed: false, store: false });
  });
  it('treats a missing HWID as a mismatch once one is stored', () => {
    expect(hwidDecision(true, 'HW-1', undefined)).toEqual({ allowed: false, store: false });
    expect(hwidDecision(true, 'HW-1', null)).toEqual({ allowed: false, store: false });
  });
  it('leaves a user who never sends one unlocked', () => {
    expect(hwidDecision(true, null, undefined)).toEqual({ allowed: true, store: false });
  });
  it('ignores HWIDs when the app turned locking off', () => {
    expect(hwidDecision(false, 'HW-1', 'HW-2')).toEqual({ allowed: true, store: false });
    expect(hwidDecision(false, null, 'HW-2')).toEqual({ allowed: true, store: false });
  });
});
