import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { fakeFetch } from '@/test/fake-fetch';
import { ApiError, apiRequest, apiStream, appPath, readAdminError, toQueryString } from './api-client';
import { clearToken, getToken, setToken, wasSessionExpired } from './auth-token';

beforeEach(() => setToken('lk_test'));
afterEach(() => clearToken());

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const validation = {
  success: false,
  code: 'VALIDATION',
  message: 'name must be a string',
  errors: ['name must be a string', 'version must be 1-32 characters'],
  fields: [
    { field: 'name', message: 'name must be a string' },
    { field: 'version', message: 'version must be 1-32 characters' },
  ],
};

describe('apiRequest', () => {
  it('sends the bearer token and JSON, and returns the success envelope', async () => {
    const fetch = fakeFetch({ status: 201, body: { success: true, data: { appId: 'a' } } });
    expect(await apiRequest('/v1/admin/apps', { method: 'POST', body: { name: 'x' } })).toEqual({
      success: true,
      data: { appId: 'a' },
    });
    const [path, init] = fetch.mock.calls[0]!;
    expect(path).toBe('/v1/admin/apps');
    expect(init).toMatchObject({ method: 'POST', body: '{"name":"x"}' });
    expect(init!.headers).toMatchObject({ Authorization: 'Bearer lk_test', 'Content-Type': 'application/json' });
  });

  it("turns an admin error body into an ApiError with the API's message, code, errors and fields", async () => {
    fakeFetch({ status: 400, body: validation });
    const error = await failure(apiRequest('/v1/admin/apps', { method: 'POST', body: {} }));
    expect(error).toMatchObject({
      status: 400,
      message: 'name must be a string',
      code: 'VALIDATION',
      errors: validation.errors,
      fields: validation.fields,
    });
  });

  it('says when to try again after a 429', async () => {
    fakeFetch({
      status: 429,
      body: { success: false, code: 'TOO_MANY_REQUESTS', message: 'Too many requests' },
      headers: { 'retry-after': '1' },
    });
    const error = await failure(apiRequest('/v1/admin/auth/login', { method: 'POST', auth: false, body: {} }));
    expect([error.status, error.code, error.message]).toEqual([
      429,
      'TOO_MANY_REQUESTS',
      'Too many requests. Try again in 1 second.',
    ]);
  });

  it('words an answer that is not an admin error body by its status, with no code', async () => {
    fakeFetch({ status: 502, body: '<html>Bad gateway</html>' });
    const error = await failure(apiRequest('/v1/admin/apps'));
    expect([error.status, error.code, error.message, error.errors, error.fields]).toEqual([
      502,
      null,
      'Request failed (HTTP 502).',
      [],
      [],
    ]);
  });

  it('forgets an expired token on 401, unless told the 401 is not about the session', async () => {
    fakeFetch({
      status: 401,
      body: { success: false, code: 'WRONG_CURRENT_PASSWORD', message: 'Current password is incorrect' },
    });
    await failure(apiRequest('/v1/admin/auth/password', { method: 'POST', body: {}, keepSessionOnUnauthorized: true }));
    expect(getToken()).toBe('lk_test');

    fakeFetch({
      status: 401,
      body: { success: false, code: 'UNAUTHORIZED', message: 'Missing or invalid access token' },
    });
    const error = await failure(apiRequest('/v1/admin/apps'));
    expect(error.code).toBe('UNAUTHORIZED');
    expect(getToken()).toBeNull();
    expect(wasSessionExpired()).toBe(true);
  });

  it('refuses to call without a token, and reports an unreachable server as status 0', async () => {
    const fetch = fakeFetch();
    clearToken();
    expect((await failure(apiRequest('/v1/admin/apps'))).status).toBe(401);
    expect(fetch).not.toHaveBeenCalled();
    const offline = await failure(apiRequest('/v1/admin/auth/login', { auth: false }));
    expect([offline.status, offline.code]).toEqual([0, null]);
  });
});

describe('apiStream', () => {
  it('returns the body as a stream', async () => {
    fakeFetch({ status: 200, body: 'key\r\nA\r\n' });
    const reader = (await apiStream('/v1/admin/apps/a/licenses/export')).getReader();
    const { value } = await reader.read();
    expect(String.fromCharCode(...value!)).toBe('key\r\nA\r\n');
  });
});

describe('readAdminError', () => {
  it('reads the parts it can trust and leaves out malformed ones', () => {
    expect(
      readAdminError({
        success: false,
        message: 'm',
        code: 7,
        errors: ['m', 3],
        fields: [{ field: 'a', message: 'm' }, { field: 1 }, null],
      }),
    ).toEqual({ message: 'm', code: null, errors: ['m'], fields: [{ field: 'a', message: 'm' }] });
    expect(readAdminError({ success: true, data: {} })).toBeNull();
    expect(readAdminError('text')).toBeNull();
  });
});

describe('toQueryString', () => {
  it('writes only the values that are set', () => {
    expect(toQueryString({ page: 2, search: 'a b', status: '', userId: null, type: undefined, all: false })).toBe(
      '?page=2&search=a+b&all=false',
    );
    expect(toQueryString({ search: '' })).toBe('');
  });
});

describe('appPath', () => {
  it('joins the app and its segments under /v1/admin/apps, each encoded', () => {
    expect(appPath('a1')).toBe('/v1/admin/apps/a1');
    expect(appPath('a1', 'users', 'u/2', 'ban')).toBe('/v1/admin/apps/a1/users/u%2F2/ban');
  });
});
