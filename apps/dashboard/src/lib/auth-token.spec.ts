import { afterEach, describe, expect, it } from '@jest/globals';
import { act, renderHook } from '@testing-library/react';
import { clearToken, getToken, setToken, useAuthToken, wasSessionExpired } from './auth-token';

afterEach(() => {
  clearToken();
  sessionStorage.clear();
});

describe('auth token', () => {
  it('keeps the token in sessionStorage and tells its readers when it changes', () => {
    const reader = renderHook(() => useAuthToken()).result;
    act(() => setToken('lk_1'));
    expect([getToken(), reader.current, sessionStorage.getItem('latchkey.accessToken')]).toEqual([
      'lk_1',
      'lk_1',
      'lk_1',
    ]);
    act(() => clearToken());
    expect([getToken(), reader.current, sessionStorage.getItem('latchkey.accessToken')]).toEqual([null, null, null]);
    expect(wasSessionExpired()).toBe(false);
  });

  it('remembers that the API ended the session until the next sign-in', () => {
    setToken('lk_1');
    clearToken({ expired: true });
    expect(wasSessionExpired()).toBe(true);
    setToken('lk_2');
    expect(wasSessionExpired()).toBe(false);
  });
});
