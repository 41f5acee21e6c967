import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { act, renderHook } from '@testing-library/react';
import { fakeFetch } from '@/test/fake-fetch';
import { ApiError, apiRequest } from './api-client';
import { clearToken, setToken } from './auth-token';
import { useRecentSignInRequest } from './recent-sign-in';

const RECENT_SIGN_IN = {
  status: 403,
  body: { success: false, code: 'RECENT_SIGN_IN_REQUIRED', message: 'Sign in again to continue' },
};

beforeEach(() => setToken('lka_old'));
afterEach(() => clearToken());

describe('a change that needs a recent sign-in', () => {
  it('waits for the user to sign in again, then sends the request once more with the new token', async () => {
    const fetch = fakeFetch(RECENT_SIGN_IN, { status: 201, body: { success: true, data: { id: 't' } } });
    const request = renderHook(() => useRecentSignInRequest()).result;
    const answer = apiRequest('/v1/admin/tokens', { method: 'POST', body: { name: 'x' } });
    await act(async () => {
      while (request.current === null) await new Promise((resolve) => setTimeout(resolve, 0));
    });
    act(() => {
      setToken('lka_new', { sameAccount: true });
      request.current!.confirmed();
    });
    expect(await answer).toEqual({ success: true, data: { id: 't' } });
    expect(fetch.mock.calls.map(([, init]) => (init!.headers as Record<string, string>).Authorization)).toEqual([
      'Bearer lka_old',
      'Bearer lka_new',
    ]);
    expect(request.current).toBeNull();
  });

  it('fails with the API’s answer when the user cancels, and asks only once for a retry refused again', async () => {
    fakeFetch(RECENT_SIGN_IN, RECENT_SIGN_IN, RECENT_SIGN_IN);
    const request = renderHook(() => useRecentSignInRequest()).result;
    const cancelled = apiRequest('/v1/admin/tokens', { method: 'POST', body: { name: 'x' } });
    await act(async () => {
      while (request.current === null) await new Promise((resolve) => setTimeout(resolve, 0));
    });
    act(() => request.current!.cancelled());
    await expect(cancelled).rejects.toBeInstanceOf(ApiError);
    await expect(cancelled).rejects.toMatchObject({ status: 403, message: 'Sign in again to continue' });

    const refusedTwice = apiRequest('/v1/admin/tokens', { method: 'POST', body: { name: 'x' } });
    await act(async () => {
      while (request.current === null) await new Promise((resolve) => setTimeout(resolve, 0));
    });
    act(() => request.current!.confirmed());
    await expect(refusedTwice).rejects.toMatchObject({ status: 403, code: 'RECENT_SIGN_IN_REQUIRED' });
    expect(request.current).toBeNull();
  });
});
