// Issue 24: every admin error body carries a stable `code` (libs/contracts
// ERROR_TABLE), and a validation error names each refused field in `fields`,
// so the dashboard maps errors to form fields without reading the messages.
// The messages and statuses stay the contract's; `POST /v1` keeps its envelope.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomInt, randomUUID } from 'node:crypto';
import { ERROR_CODES } from '@latchkey/contracts';
import { type RunningApi, startApi, testEnv } from '../../../scripts/test-service.mjs';
import { createApp, ownerWithApp, RESELLER_PASSWORD, signedInReseller, signupOwner } from './factories/index.js';
import { closeDb } from './support/db.js';
import { http, type HttpResult } from './support/http.js';

const { owner, app } = ownerWithApp();
afterAll(closeDb);

describe('validation errors name their fields', () => {
  it('lists each refused body field with its message, the first message as `message`', async () => {
    const res = await http('PATCH', `/v1/admin/apps/${app.appId}`, {
      token: owner.token,
      body: { sessionTtlSeconds: 1, rateLimitPerMinute: -1 },
    });
    const messages = [
      'sessionTtlSeconds must be between 60 and 31536000',
      'rateLimitPerMinute must be between 0 and 100000',
    ];
    expect([res.status, res.body]).toEqual([
      400,
      {
        success: false,
        code: 'VALIDATION',
        message: messages[0],
        errors: messages,
        fields: [
          { field: 'sessionTtlSeconds', message: messages[0] },
          { field: 'rateLimitPerMinute', message: messages[1] },
        ],
      },
    ]);
  });

  it('names a query parameter', async () => {
    const res = await http('GET', `/v1/admin/apps/${app.appId}/users?page=0`, { token: owner.token });
    const message = 'page must be between 1 and 1000000';
    expect([res.status, res.body]).toEqual([
      400,
      { success: false, code: 'VALIDATION', message, errors: [message], fields: [{ field: 'page', message }] },
    ]);
  });

  it('names the field a service refuses after the DTO passed', async () => {
    const res = await http('POST', `/v1/admin/apps/${app.appId}/users`, {
      token: owner.token,
      body: { username: `u${randomInt(1e9)}`, password: 'a long password', expiresAt: '2001-01-01T00:00:00.000Z' },
    });
    const message = 'expiresAt must be in the future';
    expect([res.status, res.body]).toEqual([
      400,
      { success: false, code: 'VALIDATION', message, errors: [message], fields: [{ field: 'expiresAt', message }] },
    ]);
  });

  it('names the path of a hostile key or string', async () => {
    const key = await http('POST', '/v1/admin/apps', { token: owner.token, body: '{"name":"x","constructor":{}}' });
    const keyMessage = 'constructor is not an allowed field name';
    expect(key.body).toEqual({
      success: false,
      code: 'VALIDATION',
      message: keyMessage,
      errors: [keyMessage],
      fields: [{ field: 'constructor', message: keyMessage }],
    });
    const text = await http('POST', '/v1/admin/apps', { token: owner.token, body: { name: 'x\u0000' } });
    const textMessage = 'name must not contain NUL or unpaired surrogate characters';
    expect([text.status, text.body.code, text.body.fields]).toEqual([
      400,
      'VALIDATION',
      [{ field: 'name', message: textMessage }],
    ]);
  });
});

/** An answer and the status, code and message it must carry, in a body with nothing else. */
type Refusal = [answer: Promise<HttpResult>, status: number, code: string, message: string];

async function expectRefusals(cases: Refusal[]): Promise<void> {
  for (const [answer, status, code, message] of cases) {
    const res = await answer;
    expect([res.status, res.body]).toEqual([status, { success: false, code, message }]);
  }
}

describe('every refusal carries its code', () => {
  it('401, 403, 404 and 409', async () => {
    const reseller = await signedInReseller(owner, app);
    await http('POST', `/v1/admin/apps/${app.appId}/variables`, { token: owner.token, body: { key: 'k', value: 'v' } });
    await expectRefusals([
      [http('GET', '/v1/admin/apps'), 401, 'UNAUTHORIZED', 'Missing or invalid access token'],
      [
        http('POST', '/v1/admin/auth/login', { body: { email: owner.email, password: 'wrong password' } }),
        401,
        'INVALID_ADMIN_LOGIN',
        'Invalid email or password',
      ],
      [
        http('GET', `/v1/admin/apps/${app.appId}/ledger`, { token: owner.token }),
        403,
        'FORBIDDEN',
        'Not allowed for this account',
      ],
      [
        http('GET', `/v1/admin/apps/${app.appId}/users`, { token: reseller.token }),
        403,
        'NOT_FOR_RESELLER',
        'Not allowed for a reseller',
      ],
      [http('GET', `/v1/admin/apps/${randomUUID()}`, { token: owner.token }), 404, 'NOT_FOUND', 'Not found'],
      [http('GET', '/v1/admin/nothing-here', { token: owner.token }), 404, 'ROUTE_NOT_FOUND', 'Route not found'],
      [
        http('POST', '/v1/admin/auth/signup', { body: { email: owner.email, password: 'a long password' } }),
        409,
        'EMAIL_TAKEN',
        'Email already registered',
      ],
      [
        http('POST', `/v1/admin/apps/${app.appId}/variables`, { token: owner.token, body: { key: 'k', value: 'v' } }),
        409,
        'CONFLICT',
        'Variable already exists',
      ],
    ]);
  });

  it('bodies and URLs that cannot be read', async () => {
    await expectRefusals([
      [
        http('POST', '/v1/admin/apps', { token: owner.token, body: '{"name":' }),
        400,
        'MALFORMED_BODY',
        'Malformed JSON body',
      ],
      [
        http('POST', '/v1/admin/apps', { token: owner.token, body: '['.repeat(17) + ']'.repeat(17) }),
        400,
        'MALFORMED_BODY',
        'Request body must not nest objects or arrays more than 16 levels deep',
      ],
      ...['application/x-www-form-urlencoded', 'application/xml'].map((type): Refusal => [
        http('POST', '/v1/admin/apps', { token: owner.token, body: 'name=x', headers: { 'content-type': type } }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        'Content-Type must be application/json',
      ]),
      [
        http('POST', '/v1/admin/apps', { token: owner.token, body: { name: 'x'.repeat(1024 * 1024) } }),
        413,
        'PAYLOAD_TOO_LARGE',
        'Request body is too large',
      ],
      [http('GET', '/v1/admin/apps/%C0%80', { token: owner.token }), 400, 'MALFORMED_URL', 'Malformed URL'],
    ]);
  });

  it('are listed in the OpenAPI document, as the error answer of every admin operation', async () => {
    const doc = (await http('GET', '/docs/openapi.json')).body;
    expect(doc.components.schemas.AdminError.properties.code.enum).toEqual(ERROR_CODES);
    expect(doc.paths['/v1/admin/apps'].post.responses.default.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/AdminError',
    });
  });

  it('leaves the envelope of POST /v1 as it is', async () => {
    const res = await http('POST', '/v1', { body: { type: 'init', appId: app.appId, apiKey: 'wrong' } });
    expect([res.status, res.body]).toEqual([
      401,
      { success: false, message: 'Invalid application credentials', data: {} },
    ]);
  });
});

// Rate limits of their own, on an API with low limits, as a client of its own (X-Forwarded-For).
describe('429', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi(
      testEnv(process.env.LATCHKEY_TEST_DATABASE_URL!, {
        TRUST_PROXY: 'true',
        ADMIN_LOGIN_RATE_LIMIT_PER_MINUTE: '1',
        RESELLER_CREATE_RATE_LIMIT_PER_MINUTE: '1',
      }),
    );
  }, 60_000);
  afterAll(() => api?.stop());

  const tooMany = { success: false, code: 'TOO_MANY_REQUESTS', message: 'Too many requests' };

  it('sign-in attempts past the limit (the throttler)', async () => {
    const headers = { 'x-forwarded-for': `198.18.${randomInt(256)}.${randomInt(1, 255)}` };
    const login = () =>
      http('POST', '/v1/admin/auth/login', {
        baseUrl: api.url,
        headers,
        body: { email: owner.email, password: owner.password },
      });
    expect((await login()).status).toBe(200);
    const refused = await login();
    expect([refused.status, refused.body]).toEqual([429, tooMany]);
  });

  it('reseller creations past the limit (the rate counter)', async () => {
    const creator = await signupOwner();
    const creatorApp = await createApp(creator);
    const create = () =>
      http('POST', `/v1/admin/apps/${creatorApp.appId}/resellers`, {
        baseUrl: api.url,
        token: creator.token,
        body: { email: `errors-${randomUUID()}@example.com`, password: RESELLER_PASSWORD },
      });
    expect((await create()).status).toBe(201);
    const refused = await create();
    expect([refused.status, refused.body]).toEqual([429, tooMany]);
  });
});
