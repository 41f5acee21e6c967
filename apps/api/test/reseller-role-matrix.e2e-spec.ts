import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createApp,
  createLicense,
  type Owner,
  resellerLogin,
  signedInReseller,
  RESELLER_PASSWORD,
  signupOwner,
} from './factories/index.js';
import type { SignedInReseller } from './factories/index.js';
import { closeDb, db } from './support/db.js';
import { http } from './support/http.js';
import { FROM_ORIGIN, newAuthenticator, passwordlessSignInBody, registerPasskey } from './support/passkeys.js';
import { registeredAdminRoutes } from './support/routes.js';
import { enrolTotp, signInChallenge, totpCode } from './support/two-factor.js';

/**
 * What a reseller's token gets on each admin route, called on the app it
 * sells (contract, "Resellers and credits"): the success status of a route it
 * may call, or `refused` (403 `Not allowed for a reseller`). `public` routes
 * take no token. Every route the API registers must be listed here: the
 * OpenAPI document is generated from the controllers' route metadata, so a
 * new route fails this spec until its reseller answer is decided.
 */
const RESELLER_ANSWERS: Record<string, number | 'refused'> = {
  'POST /v1/admin/auth/signup': 201, // public
  'POST /v1/admin/auth/login': 200, // public
  'POST /v1/admin/auth/password': 'refused',
  'GET /v1/admin/auth/sessions': 200,
  'POST /v1/admin/auth/logout': 200,
  'GET /v1/admin/me': 200,
  'POST /v1/admin/tokens': 201,
  'GET /v1/admin/tokens': 200,
  'DELETE /v1/admin/tokens/{tokenId}': 200,
  'POST /v1/admin/auth/login/second-factor': 200, // public
  'GET /v1/admin/auth/two-factor': 200,
  'POST /v1/admin/auth/two-factor/totp': 201,
  'POST /v1/admin/auth/two-factor/totp/confirm': 200,
  'POST /v1/admin/auth/two-factor/totp/disable': 200,
  'POST /v1/admin/auth/two-factor/recovery-codes': 200,
  'GET /v1/admin/auth/sign-ins': 200,
  'POST /v1/admin/auth/passkeys/registration-options': 200,
  'POST /v1/admin/auth/passkeys': 201,
  'GET /v1/admin/auth/passkeys': 200,
  'PATCH /v1/admin/auth/passkeys/{passkeyId}': 200,
  'DELETE /v1/admin/auth/passkeys/{passkeyId}': 200,
  'POST /v1/admin/auth/passkeys/authentication-options': 200, // public
  'POST /v1/admin/auth/passkeys/authenticate': 200, // public

  'POST /v1/admin/apps': 'refused',
  'GET /v1/admin/apps': 200,
  'GET /v1/admin/apps/{appId}': 'refused',
  'PATCH /v1/admin/apps/{appId}': 'refused',
  'DELETE /v1/admin/apps/{appId}': 'refused',
  'POST /v1/admin/apps/{appId}/api-key/rotate': 'refused',
  'GET /v1/admin/apps/{appId}/stats': 'refused',
  'GET /v1/admin/apps/{appId}/logs': 'refused',
  'GET /v1/admin/apps/{appId}/ledger': 200,
  'GET /v1/admin/apps/{appId}/keyauth': 'refused',
  'PUT /v1/admin/apps/{appId}/keyauth': 'refused',
  'POST /v1/admin/apps/{appId}/keyauth/secret': 'refused',
  'POST /v1/admin/apps/{appId}/keyauth/secret/reveal': 'refused',
  'GET /v1/admin/apps/{appId}/keyauth/messages': 'refused',
  'PUT /v1/admin/apps/{appId}/keyauth/messages': 'refused',
  'GET /v1/admin/apps/{appId}/keyauth/seller-key': 'refused',
  'POST /v1/admin/apps/{appId}/keyauth/seller-key': 'refused',
  'DELETE /v1/admin/apps/{appId}/keyauth/seller-key': 'refused',

  'POST /v1/admin/apps/{appId}/licenses': 201,
  'GET /v1/admin/apps/{appId}/licenses': 200,
  'GET /v1/admin/apps/{appId}/licenses/export': 200,
  'GET /v1/admin/apps/{appId}/licenses/{licenseId}': 'refused',
  'PATCH /v1/admin/apps/{appId}/licenses/{licenseId}': 'refused',
  'DELETE /v1/admin/apps/{appId}/licenses/{licenseId}': 200,
  'POST /v1/admin/apps/{appId}/licenses/{licenseId}/ban': 'refused',
  'POST /v1/admin/apps/{appId}/licenses/{licenseId}/unban': 'refused',

  'POST /v1/admin/apps/{appId}/resellers': 'refused',
  'GET /v1/admin/apps/{appId}/resellers': 'refused',
  'GET /v1/admin/apps/{appId}/resellers/{resellerId}': 'refused',
  'PATCH /v1/admin/apps/{appId}/resellers/{resellerId}': 'refused',
  'DELETE /v1/admin/apps/{appId}/resellers/{resellerId}': 'refused',
  'POST /v1/admin/apps/{appId}/resellers/{resellerId}/credits': 'refused',
  'GET /v1/admin/apps/{appId}/resellers/{resellerId}/ledger': 'refused',

  'GET /v1/admin/apps/{appId}/users': 'refused',
  'POST /v1/admin/apps/{appId}/users': 'refused',
  'GET /v1/admin/apps/{appId}/users/{userId}': 'refused',
  'DELETE /v1/admin/apps/{appId}/users/{userId}': 'refused',
  'POST /v1/admin/apps/{appId}/users/{userId}/ban': 'refused',
  'POST /v1/admin/apps/{appId}/users/{userId}/unban': 'refused',
  'POST /v1/admin/apps/{appId}/users/{userId}/extend': 'refused',
  'PUT /v1/admin/apps/{appId}/users/{userId}/expiry': 'refused',
  'POST /v1/admin/apps/{appId}/users/{userId}/reset-hwid': 'refused',
  'DELETE /v1/admin/apps/{appId}/users/{userId}/sessions': 'refused',
  'GET /v1/admin/apps/{appId}/users/{userId}/variables': 'refused',
  'PUT /v1/admin/apps/{appId}/users/{userId}/variables/{key}': 'refused',
  'DELETE /v1/admin/apps/{appId}/users/{userId}/variables/{key}': 'refused',
  'GET /v1/admin/apps/{appId}/sessions': 'refused',
  'DELETE /v1/admin/apps/{appId}/sessions/{sessionId}': 'refused',

  'POST /v1/admin/apps/{appId}/variables': 'refused',
  'GET /v1/admin/apps/{appId}/variables': 'refused',
  'GET /v1/admin/apps/{appId}/variables/{key}': 'refused',
  'PATCH /v1/admin/apps/{appId}/variables/{key}': 'refused',
  'DELETE /v1/admin/apps/{appId}/variables/{key}': 'refused',

  'POST /v1/admin/apps/{appId}/files': 'refused',
  'GET /v1/admin/apps/{appId}/files': 'refused',
  'GET /v1/admin/apps/{appId}/files/{fileId}': 'refused',
  'PATCH /v1/admin/apps/{appId}/files/{fileId}': 'refused',
  'DELETE /v1/admin/apps/{appId}/files/{fileId}': 'refused',
  'PUT /v1/admin/apps/{appId}/files/{fileId}/content': 'refused',

  'POST /v1/admin/apps/{appId}/jobs': 'refused',
  'POST /v1/admin/apps/{appId}/jobs/import': 'refused',
  'POST /v1/admin/apps/{appId}/jobs/preview': 'refused',
  'GET /v1/admin/apps/{appId}/jobs': 'refused',
  'GET /v1/admin/apps/{appId}/jobs/{jobId}': 'refused',
  'POST /v1/admin/apps/{appId}/jobs/{jobId}/cancel': 'refused',
  'POST /v1/admin/apps/{appId}/keyauth-imports': 'refused',
  'GET /v1/admin/apps/{appId}/keyauth-imports': 'refused',
  'GET /v1/admin/apps/{appId}/keyauth-imports/{importId}': 'refused',
  'GET /v1/admin/apps/{appId}/keyauth-imports/{importId}/rows': 'refused',
  'POST /v1/admin/apps/{appId}/keyauth-imports/{importId}/commit': 'refused',

  'POST /v1/admin/apps/{appId}/blacklist': 'refused',
  'GET /v1/admin/apps/{appId}/blacklist': 'refused',
  'DELETE /v1/admin/apps/{appId}/blacklist/{entryId}': 'refused',

  'GET /v1/admin/apps/{appId}/store/connections': 'refused',
  'POST /v1/admin/apps/{appId}/store/connections': 'refused',
  'PATCH /v1/admin/apps/{appId}/store/connections/{connectionId}': 'refused',
  'DELETE /v1/admin/apps/{appId}/store/connections/{connectionId}': 'refused',
  'POST /v1/admin/apps/{appId}/store/connections/{connectionId}/secret': 'refused',
  'GET /v1/admin/apps/{appId}/store/connections/{connectionId}/products': 'refused',
  'POST /v1/admin/apps/{appId}/store/connections/{connectionId}/products': 'refused',
  'PATCH /v1/admin/apps/{appId}/store/products/{productId}': 'refused',
  'DELETE /v1/admin/apps/{appId}/store/products/{productId}': 'refused',
  'GET /v1/admin/apps/{appId}/store/orders': 'refused',
  'GET /v1/admin/apps/{appId}/store/orders/{orderId}': 'refused',
  'POST /v1/admin/apps/{appId}/store/orders/{orderId}/email': 'refused',
  'POST /v1/admin/apps/{appId}/store/orders/{orderId}/link': 'refused',
  'GET /v1/admin/apps/{appId}/store/events': 'refused',
  'POST /v1/admin/apps/{appId}/webhooks': 'refused',
  'GET /v1/admin/apps/{appId}/webhooks': 'refused',
  'GET /v1/admin/apps/{appId}/webhooks/{webhookId}': 'refused',
  'PATCH /v1/admin/apps/{appId}/webhooks/{webhookId}': 'refused',
  'DELETE /v1/admin/apps/{appId}/webhooks/{webhookId}': 'refused',
  'POST /v1/admin/apps/{appId}/webhooks/{webhookId}/test': 'refused',
  'GET /v1/admin/apps/{appId}/webhooks/{webhookId}/deliveries': 'refused',
  'POST /v1/admin/apps/{appId}/webhooks/{webhookId}/deliveries/{deliveryId}/retry': 'refused',

  'GET /v1/admin/apps/{appId}/members': 'refused',
  'PATCH /v1/admin/apps/{appId}/members/{accountId}': 'refused',
  'DELETE /v1/admin/apps/{appId}/members/{accountId}': 'refused',
  'POST /v1/admin/apps/{appId}/invitations': 'refused',
  'GET /v1/admin/apps/{appId}/invitations': 'refused',
  'DELETE /v1/admin/apps/{appId}/invitations/{invitationId}': 'refused',
  'GET /v1/admin/invitations/{token}': 200, // public
  'POST /v1/admin/invitations/accept': 'refused',
};

const REFUSAL = { success: false, code: 'NOT_FOR_RESELLER', message: 'Not allowed for a reseller' };
/** What a reseller's successful calls may leave in the audit log. */
const RESELLER_AUDIT_TYPES = [
  'admin.license.generate',
  'admin.license.delete',
  'admin.token.create',
  'admin.token.revoke',
];

let owner: Owner;
let reseller: SignedInReseller;
/** The same owner's app the reseller does not sell, and another owner's app. */
let unsold: string;
let foreign: string;

beforeAll(async () => {
  owner = await signupOwner();
  const app = await createApp(owner, { name: 'Matrix' });
  reseller = await signedInReseller(owner, app, { credits: 100 });
  unsold = (await createApp(owner)).appId;
  foreign = (await createApp(await signupOwner())).appId;
});
afterAll(closeDb);

/** A request for `route` on `appId`: real ids and a valid body for the routes a reseller may call. */
async function requestFor(route: string, appId: string) {
  const [method, template] = route.split(' ') as [string, string];
  let token = reseller.token;
  let body: unknown;
  let headers: Record<string, string> | undefined;
  const ids: Record<string, string> = { appId };
  switch (route) {
    case 'POST /v1/admin/auth/signup':
      body = { email: `owner-${randomUUID()}@example.com`, password: 'correct horse battery' };
      break;
    case 'POST /v1/admin/auth/login':
      body = { email: reseller.email, password: 'reseller password' };
      break;
    case 'POST /v1/admin/auth/logout':
      token = await resellerLogin(reseller.email); // the token it revokes is its own
      break;
    case 'POST /v1/admin/tokens':
      body = { name: 'matrix' };
      break;
    // Turning TOTP on changes how the account signs in: these take a reseller of their own.
    case 'POST /v1/admin/auth/login/second-factor': {
      const other = await signedInReseller(owner, { appId: reseller.appId });
      const { secret } = await enrolTotp(other.token);
      body = { challengeToken: await signInChallenge(other.email, RESELLER_PASSWORD), totpCode: totpCode(secret, 1) };
      break;
    }
    case 'POST /v1/admin/auth/two-factor/totp/confirm': {
      const other = await signedInReseller(owner, { appId: reseller.appId });
      token = other.token;
      const enrolment = await http('POST', '/v1/admin/auth/two-factor/totp', { token });
      body = { code: totpCode(enrolment.body.data.secret) };
      break;
    }
    case 'POST /v1/admin/auth/two-factor/totp/disable': {
      const other = await signedInReseller(owner, { appId: reseller.appId });
      token = other.token;
      body = { password: RESELLER_PASSWORD, recoveryCode: (await enrolTotp(token)).recoveryCodes[0] };
      break;
    }
    case 'POST /v1/admin/auth/two-factor/recovery-codes': {
      const other = await signedInReseller(owner, { appId: reseller.appId });
      token = other.token;
      body = { code: totpCode((await enrolTotp(token)).secret, 1) };
      break;
    }
    case 'DELETE /v1/admin/tokens/{tokenId}': {
      const created = await http('POST', '/v1/admin/tokens', { token, body: { name: 'to revoke' } });
      ids.tokenId = created.body.data.id;
      break;
    }
    // On a reseller of their own: a passkey makes its password sign-in ask for a second step.
    case 'POST /v1/admin/auth/passkeys/registration-options':
      token = (await signedInReseller(owner, { appId: reseller.appId })).token;
      headers = FROM_ORIGIN;
      break;
    case 'POST /v1/admin/auth/passkeys': {
      token = (await signedInReseller(owner, { appId: reseller.appId })).token;
      headers = FROM_ORIGIN;
      const options = await http('POST', '/v1/admin/auth/passkeys/registration-options', { token, headers });
      body = { name: 'matrix', response: newAuthenticator().register(options.body.data) };
      break;
    }
    case 'PATCH /v1/admin/auth/passkeys/{passkeyId}':
    case 'DELETE /v1/admin/auth/passkeys/{passkeyId}':
      token = (await signedInReseller(owner, { appId: reseller.appId })).token;
      ids.passkeyId = await registerPasskey(token, newAuthenticator());
      body = route.startsWith('PATCH') ? { name: 'renamed' } : undefined;
      break;
    case 'POST /v1/admin/auth/passkeys/authentication-options':
      headers = FROM_ORIGIN;
      break;
    case 'POST /v1/admin/auth/passkeys/authenticate': {
      const authenticator = newAuthenticator();
      await registerPasskey((await signedInReseller(owner, { appId: reseller.appId })).token, authenticator);
      headers = FROM_ORIGIN;
      body = await passwordlessSignInBody(authenticator);
      break;
    }
    case 'POST /v1/admin/apps/{appId}/licenses':
      body = { durationType: '1d' };
      break;
    case 'GET /v1/admin/invitations/{token}': {
      const invited = await http('POST', `/v1/admin/apps/${reseller.appId}/invitations`, {
        token: owner.token,
        body: { role: 'viewer' },
      });
      ids.token = invited.body.data.token;
      token = '';
      break;
    }
    case 'DELETE /v1/admin/apps/{appId}/licenses/{licenseId}': {
      const made = await http('POST', `/v1/admin/apps/${reseller.appId}/licenses`, {
        token,
        body: { durationType: '1d' },
      });
      ids.licenseId = made.body.data[0].id;
      break;
    }
  }
  const url = template.replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? randomUUID());
  return { method, url, token, body, headers };
}

async function call(route: string, appId: string) {
  const { method, url, token, body, headers } = await requestFor(route, appId);
  return http(method, url, { token, body, headers });
}

describe('the reseller role matrix', () => {
  it('lists every registered admin route, and only those', async () => {
    expect((await registeredAdminRoutes()).sort()).toEqual(Object.keys(RESELLER_ANSWERS).sort());
    // A route left out of the document would escape the check above.
    const src = fileURLToPath(new URL('../src', import.meta.url));
    const sources = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    const excluding = sources.filter((f) =>
      /ApiExclude(Endpoint|Controller)/.test(readFileSync(path.join(src, f), 'utf8')),
    );
    expect(excluding).toEqual([]);
  });

  it.each(Object.entries(RESELLER_ANSWERS))('%s on its own app answers %s', async (route, answer) => {
    const res = await call(route, reseller.appId);
    if (answer === 'refused') {
      expect({ status: res.status, body: res.body }).toEqual({ status: 403, body: REFUSAL });
    } else {
      expect({ route, status: res.status }).toEqual({ route, status: answer });
      if (typeof res.body === 'object') expect(res.body.success).toBe(true);
    }
  });

  const appRoutes = Object.entries(RESELLER_ANSWERS).filter(([route]) => route.includes('{appId}'));

  it.each(appRoutes)('%s on an app it does not sell: 404 where it may call it, else 403', async (route, answer) => {
    for (const appId of [unsold, foreign]) {
      const res = await call(route, appId);
      if (answer === 'refused') expect({ status: res.status, body: res.body }).toEqual({ status: 403, body: REFUSAL });
      else
        expect({ status: res.status, body: res.body }).toEqual({
          status: 404,
          body: { success: false, code: 'NOT_FOUND', message: 'Not found' },
        });
    }
  });

  it('left only its own kind of change behind', async () => {
    const { rows } = await db().query(`SELECT DISTINCT type FROM audit_log WHERE actor = $1`, [reseller.email]);
    for (const { type } of rows) expect(RESELLER_AUDIT_TYPES).toContain(type);
    // Owner keys of the app are untouched: the reseller could neither see nor delete them.
    const ownerKey = await createLicense(owner, { appId: reseller.appId });
    const res = await http('DELETE', `/v1/admin/apps/${reseller.appId}/licenses/${ownerKey.id}`, {
      token: reseller.token,
    });
    expect(res.status).toBe(404);
  });
});
