// Property-based: hostile or mistyped input on every client type and the admin
// write routes answers 4xx in the contract's envelope (signed on /v1 where the
// app is known), never 5xx, and writes nothing. FC_SEED replays a run; the
// seed is printed by fast-check on failure.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { verifySignature } from '@latchkey/sdk';
import { createLicense, ownerWithApp } from './factories/index.js';
import { closeDb, db } from './support/db.js';
import { http } from './support/http.js';

const SEED = process.env.FC_SEED ? Number(process.env.FC_SEED) : 20261122;
const RUNS = 20;
const settings = { seed: SEED, numRuns: RUNS, endOnFailure: true };

const { owner, app } = ownerWithApp();
let variableKey: string;
let licenseId: string;
let userId: string;
let webhookId: string;

beforeAll(async () => {
  variableKey = 'greeting';
  await http('POST', `/v1/admin/apps/${app.appId}/variables`, {
    token: owner.token,
    body: { key: variableKey, value: 'hi' },
  });
  licenseId = (await createLicense(owner, app)).id;
  const user = await http('POST', `/v1/admin/apps/${app.appId}/users`, {
    token: owner.token,
    body: { username: 'fuzz_target', password: 'a password' },
  });
  userId = user.body.data.userId;
  const webhook = await http('POST', `/v1/admin/apps/${app.appId}/webhooks`, {
    token: owner.token,
    body: { url: 'https://example.com/hook', events: ['user.login'] },
  });
  webhookId = webhook.body.data.id;
});
afterAll(closeDb);

/** Strings no route may accept: NUL, lone surrogates, and longer than any field allows (64 KiB + 1 .. 1 MiB body limit). */
const hostileString = fc.oneof(
  fc.string().map((s) => `${s}\u0000${s}`),
  fc.string().map((s) => `${s}\ud800`),
  fc.string().map((s) => `\udc00${s}`),
  fc.integer({ min: 65_537, max: 1_100_000 }).map((n) => 'x'.repeat(n)),
);
/** A value that is never a valid string field (null is left out: it means "absent" for optional fields). */
const notAString = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.array(fc.jsonValue(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue(), { maxKeys: 3 }),
  hostileString,
);
/** A value that is never a valid integer field. */
const notAnInteger = fc.oneof(
  fc.string(),
  fc.double({ noInteger: true }),
  fc.boolean(),
  fc.array(fc.integer()),
  hostileString,
);
const prototypeKey = fc.constantFrom('constructor', '__proto__', 'prototype');

/**
 * A body where at least one field is hostile: either one declared field gets a
 * value of the wrong type or a hostile string, or a prototype key is added (at
 * the top or nested). The other fields get arbitrary JSON.
 */
function hostileBody(stringFields: string[], integerFields: string[] = []) {
  const fields = [...stringFields, ...integerFields];
  const others = fc.record(Object.fromEntries(fields.map((f) => [f, fc.jsonValue()])), { requiredKeys: [] });
  const broken = fc.oneof(
    ...(stringFields.length
      ? [fc.constantFrom(...stringFields).chain((f) => notAString.map((v) => ({ [f]: v })))]
      : []),
    ...(integerFields.length
      ? [fc.constantFrom(...integerFields).chain((f) => notAnInteger.map((v) => ({ [f]: v })))]
      : []),
  );
  const withPrototypeKey = fc
    .tuple(prototypeKey, fc.jsonValue(), fc.boolean())
    .map(([key, value, nested]) => (nested ? { extra: { [key]: value } } : { [key]: value }));
  return fc.tuple(others, fc.oneof(broken, withPrototypeKey)).map(([rest, bad]) => ({ ...rest, ...bad }));
}

async function rowCounts(): Promise<Record<string, number>> {
  const { rows } = await db().query(
    `SELECT (SELECT count(*) FROM users WHERE app_id = $1)::int AS users,
            (SELECT count(*) FROM sessions WHERE app_id = $1)::int AS sessions,
            (SELECT count(*) FROM licenses WHERE app_id = $1)::int AS licenses,
            (SELECT count(*) FROM licenses WHERE app_id = $1 AND status <> 'UNUSED')::int AS used_licenses,
            (SELECT count(*) FROM variables WHERE app_id = $1)::int AS variables,
            (SELECT count(*) FROM blacklist_entries WHERE app_id = $1)::int AS blacklist,
            (SELECT count(*) FROM webhooks WHERE app_id = $1)::int AS webhooks,
            (SELECT count(*) FROM apps WHERE owner_id = $2)::int AS apps,
            (SELECT count(*) FROM audit_log WHERE app_id = $1 OR app_id IS NULL AND actor = $6)::int AS audit_entries,
            (SELECT count(*) FROM access_tokens WHERE account_id = $2)::int AS access_tokens,
            (SELECT count(*) FROM account_sign_ins WHERE account_id = $2)::int AS sign_ins,
            (SELECT row_to_json(u)::text FROM users u WHERE id = $5) AS user_row,
            (SELECT password_hash FROM accounts WHERE id = $2) AS owner_password,
            (SELECT row_to_json(a)::text FROM apps a WHERE id = $1) AS app_row,
            (SELECT row_to_json(v)::text FROM variables v WHERE app_id = $1 AND key = $3) AS variable_row,
            (SELECT row_to_json(l)::text FROM licenses l WHERE id = $4) AS license_row`,
    [app.appId, owner.accountId, variableKey, licenseId, userId, owner.email],
  );
  return rows[0];
}

const CLIENT_TYPES: Array<[string, string[]]> = [
  ['register', ['username', 'password', 'licenseKey', 'hwid']],
  ['login', ['username', 'password', 'hwid']],
  ['license', ['licenseKey', 'hwid']],
  ['upgrade', ['username', 'password', 'licenseKey']],
  ['check', ['sessionToken']],
  ['heartbeat', ['sessionToken']],
  ['logout', ['sessionToken']],
  ['var', ['sessionToken', 'key']],
  ['log', ['sessionToken', 'message']],
  ['file', ['sessionToken', 'fileId', 'clientPublicKey']],
];

describe('POST /v1 under hostile input', () => {
  it.each(CLIENT_TYPES)('%s: 4xx, signed envelope, nothing written', async (type, fields) => {
    const before = await rowCounts();
    await fc.assert(
      fc.asyncProperty(hostileBody(fields), async (body) => {
        const text = JSON.stringify({ ...body, type, appId: app.appId, apiKey: app.apiKey });
        const res = await http('POST', '/v1', { body: text });
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(res.body).toEqual({ success: false, message: expect.any(String), data: {} });
        const signature = res.headers.get('x-signature-ed25519')!;
        const timestamp = res.headers.get('x-signature-timestamp')!;
        expect(verifySignature(app.publicKey, timestamp, JSON.stringify(res.body), signature)).toBe(true);
      }),
      settings,
    );
    expect(await rowCounts()).toEqual(before);
  });

  it('every client type with a fresh random seed (printed by fast-check on failure)', async () => {
    const before = await rowCounts();
    await fc.assert(
      fc.asyncProperty(
        fc
          .constantFrom(...CLIENT_TYPES)
          .chain(([type, fields]) => hostileBody(fields).map((body) => ({ ...body, type }))),
        async (body) => {
          const res = await http('POST', '/v1', {
            body: JSON.stringify({ ...body, appId: app.appId, apiKey: app.apiKey }),
          });
          expect(res.status).toBeGreaterThanOrEqual(400);
          expect(res.status).toBeLessThan(500);
        },
      ),
      { numRuns: RUNS * 2, endOnFailure: true },
    );
    expect(await rowCounts()).toEqual(before);
  });

  it('wrong content types and non-object bodies: 4xx envelope, no 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/json'),
        fc.oneof(
          fc.string(),
          fc.jsonValue().map((v) => JSON.stringify(v)),
        ),
        async (contentType, payload) => {
          const res = await http('POST', '/v1', { body: payload, headers: { 'content-type': contentType } });
          expect(res.status).toBeGreaterThanOrEqual(400);
          expect(res.status).toBeLessThan(500);
          expect(res.body).toMatchObject({ success: false, message: expect.any(String), data: {} });
        },
      ),
      settings,
    );
  });
});

describe('admin write routes under hostile input', () => {
  const base = () => `/v1/admin/apps/${app.appId}`;
  const ROUTES: Array<[string, string, () => string, string[], string[]]> = [
    ['POST', 'apps', () => '/v1/admin/apps', ['name', 'version', 'updateUrl'], []],
    [
      'PATCH',
      'apps/{appId}',
      base,
      ['name', 'version', 'updateUrl'],
      ['sessionTtlSeconds', 'sessionIdleSeconds', 'rateLimitPerMinute'],
    ],
    [
      'POST',
      'licenses',
      () => `${base()}/licenses`,
      ['durationType', 'prefix', 'note'],
      ['count', 'level', 'maxDevices'],
    ],
    ['PATCH', 'licenses/{id}', () => `${base()}/licenses/${licenseId}`, ['note'], ['level', 'maxDevices']],
    ['POST', 'users', () => `${base()}/users`, ['username', 'password'], ['level', 'maxDevices']],
    ['POST', 'variables', () => `${base()}/variables`, ['key', 'value'], ['minLevel']],
    ['PATCH', 'variables/{key}', () => `${base()}/variables/${variableKey}`, ['value'], ['minLevel']],
    ['POST', 'blacklist', () => `${base()}/blacklist`, ['type', 'value', 'reason'], []],
    ['POST', 'webhooks', () => `${base()}/webhooks`, ['url'], []],
    ['POST', 'tokens', () => '/v1/admin/tokens', ['name'], ['expiresInDays']],
    ['POST', 'auth/password', () => '/v1/admin/auth/password', ['currentPassword', 'newPassword'], []],
    [
      'POST',
      'auth/login/second-factor',
      () => '/v1/admin/auth/login/second-factor',
      ['challengeToken', 'totpCode', 'recoveryCode'],
      [],
    ],
    ['POST', 'auth/two-factor/totp/confirm', () => '/v1/admin/auth/two-factor/totp/confirm', ['code'], []],
    [
      'POST',
      'auth/two-factor/totp/disable',
      () => '/v1/admin/auth/two-factor/totp/disable',
      ['password', 'code', 'recoveryCode'],
      [],
    ],
    ['POST', 'auth/two-factor/recovery-codes', () => '/v1/admin/auth/two-factor/recovery-codes', ['code'], []],
    ['POST', 'users/{id}/extend', () => `${base()}/users/${userId}/extend`, [], ['days']],
    ['POST', 'users/{id}/ban', () => `${base()}/users/${userId}/ban`, ['reason'], []],
    ['POST', 'licenses/{id}/ban', () => `${base()}/licenses/${licenseId}/ban`, ['reason'], []],
    ['PATCH', 'webhooks/{id}', () => `${base()}/webhooks/${webhookId}`, ['url'], []],
  ];

  it('wrong content types: 4xx, admin envelope, nothing written', async () => {
    const before = await rowCounts();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml'),
        fc.string(),
        async ([method, , path], contentType, payload) => {
          const res = await http(method, path(), {
            token: owner.token,
            body: payload,
            headers: { 'content-type': contentType },
          });
          expect(res.status).toBeGreaterThanOrEqual(400);
          expect(res.status).toBeLessThan(500);
          expect(res.body).toMatchObject({ success: false, message: expect.any(String) });
        },
      ),
      settings,
    );
    expect(await rowCounts()).toEqual(before);
  });

  it.each(ROUTES)('%s %s: 4xx, admin envelope, nothing written', async (method, _label, path, strings, integers) => {
    const before = await rowCounts();
    await fc.assert(
      fc.asyncProperty(hostileBody(strings, integers), async (body) => {
        const res = await http(method, path(), { token: owner.token, body: JSON.stringify(body) });
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(res.body).toMatchObject({ success: false, message: expect.any(String) });
      }),
      settings,
    );
    expect(await rowCounts()).toEqual(before);
  });
});
