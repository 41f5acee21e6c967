import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { AppRole, MemberRole } from '@latchkey/contracts';
import { createApp, type Owner, signupOwner } from './factories/index.js';
import { closeDb } from './support/db.js';
import type { AccountAccessLevel } from '../src/common/auth/role-policy.js';
import { http, type HttpResult } from './support/http.js';
import { registeredAdminRoutes } from './support/routes.js';
import { memberOf } from './support/members.js';
import { ageSignIn } from './support/sign-ins.js';

/**
 * The team role matrix (issue 28): what each app role gets on every admin
 * route. For a route under `/apps/{appId}`, the weakest role that may call it
 * (docs/decisions/security-and-accounts.md, "Teams and roles"): every stronger role gets what the
 * owner gets for the same request, every weaker one 403 `Not allowed for your
 * role`. `resellers only`: a route no owner-role account may call (403 `Not
 * allowed for this account`). The reseller's answers are
 * reseller-role-matrix.e2e-spec.ts's; without a token every route but the
 * public ones answers 401.
 *
 * Account-level routes (no `{appId}`: sign-in, two-factor, tokens, the app
 * list, invitations) are the same for every owner-role account, and members
 * are owner-role accounts: `public` (no token needed) or the kind of token
 * the route takes (AccountAccess, issue 37): `any-token` (a token narrowed
 * with maxRole too), `full-token` (not a narrowed one: 403 `Not allowed for
 * your role`) or `recent-sign-in` (changes to how the account signs in: a
 * login token of the last RECENT_SIGN_IN_SECONDS; 403 `Not allowed with a
 * personal access token` for any personal token, 403 `Sign in again to
 * continue` for an older sign-in).
 *
 * Every route the OpenAPI document lists must be here: a new route fails this
 * spec until its answer is decided.
 */
const APP_ROUTES: Record<string, AppRole | 'resellers only'> = {
  'GET /v1/admin/apps/{appId}': 'viewer',
  'PATCH /v1/admin/apps/{appId}': 'admin',
  'DELETE /v1/admin/apps/{appId}': 'owner',
  'POST /v1/admin/apps/{appId}/api-key/rotate': 'admin',
  'GET /v1/admin/apps/{appId}/stats': 'viewer',
  'GET /v1/admin/apps/{appId}/logs': 'viewer',
  'GET /v1/admin/apps/{appId}/ledger': 'resellers only',
  'GET /v1/admin/apps/{appId}/keyauth': 'admin',
  'PUT /v1/admin/apps/{appId}/keyauth': 'admin',
  'POST /v1/admin/apps/{appId}/keyauth/secret': 'admin',
  'POST /v1/admin/apps/{appId}/keyauth/secret/reveal': 'admin',
  'GET /v1/admin/apps/{appId}/keyauth/messages': 'admin',
  'PUT /v1/admin/apps/{appId}/keyauth/messages': 'admin',
  'GET /v1/admin/apps/{appId}/keyauth/seller-key': 'admin',
  'POST /v1/admin/apps/{appId}/keyauth/seller-key': 'admin',
  'DELETE /v1/admin/apps/{appId}/keyauth/seller-key': 'admin',

  'POST /v1/admin/apps/{appId}/licenses': 'manager',
  'GET /v1/admin/apps/{appId}/licenses': 'viewer',
  'GET /v1/admin/apps/{appId}/licenses/export': 'manager',
  'GET /v1/admin/apps/{appId}/licenses/{licenseId}': 'viewer',
  'PATCH /v1/admin/apps/{appId}/licenses/{licenseId}': 'manager',
  'DELETE /v1/admin/apps/{appId}/licenses/{licenseId}': 'manager',
  'POST /v1/admin/apps/{appId}/licenses/{licenseId}/ban': 'support',
  'POST /v1/admin/apps/{appId}/licenses/{licenseId}/unban': 'support',

  'POST /v1/admin/apps/{appId}/resellers': 'manager',
  'GET /v1/admin/apps/{appId}/resellers': 'viewer',
  'GET /v1/admin/apps/{appId}/resellers/{resellerId}': 'viewer',
  'PATCH /v1/admin/apps/{appId}/resellers/{resellerId}': 'manager',
  'DELETE /v1/admin/apps/{appId}/resellers/{resellerId}': 'manager',
  'POST /v1/admin/apps/{appId}/resellers/{resellerId}/credits': 'manager',
  'GET /v1/admin/apps/{appId}/resellers/{resellerId}/ledger': 'viewer',

  'GET /v1/admin/apps/{appId}/users': 'viewer',
  'POST /v1/admin/apps/{appId}/users': 'manager',
  'GET /v1/admin/apps/{appId}/users/{userId}': 'viewer',
  'DELETE /v1/admin/apps/{appId}/users/{userId}': 'manager',
  'POST /v1/admin/apps/{appId}/users/{userId}/ban': 'support',
  'POST /v1/admin/apps/{appId}/users/{userId}/unban': 'support',
  'POST /v1/admin/apps/{appId}/users/{userId}/extend': 'support',
  'PUT /v1/admin/apps/{appId}/users/{userId}/expiry': 'support',
  'POST /v1/admin/apps/{appId}/users/{userId}/reset-hwid': 'support',
  'DELETE /v1/admin/apps/{appId}/users/{userId}/sessions': 'support',
  'GET /v1/admin/apps/{appId}/users/{userId}/variables': 'viewer',
  'PUT /v1/admin/apps/{appId}/users/{userId}/variables/{key}': 'manager',
  'DELETE /v1/admin/apps/{appId}/users/{userId}/variables/{key}': 'manager',
  'GET /v1/admin/apps/{appId}/sessions': 'viewer',
  'DELETE /v1/admin/apps/{appId}/sessions/{sessionId}': 'support',

  'POST /v1/admin/apps/{appId}/variables': 'manager',
  'GET /v1/admin/apps/{appId}/variables': 'viewer',
  'GET /v1/admin/apps/{appId}/variables/{key}': 'viewer',
  'PATCH /v1/admin/apps/{appId}/variables/{key}': 'manager',
  'DELETE /v1/admin/apps/{appId}/variables/{key}': 'manager',

  'POST /v1/admin/apps/{appId}/files': 'manager',
  'GET /v1/admin/apps/{appId}/files': 'viewer',
  'GET /v1/admin/apps/{appId}/files/{fileId}': 'viewer',
  'PATCH /v1/admin/apps/{appId}/files/{fileId}': 'manager',
  'DELETE /v1/admin/apps/{appId}/files/{fileId}': 'manager',
  'PUT /v1/admin/apps/{appId}/files/{fileId}/content': 'manager',

  'POST /v1/admin/apps/{appId}/jobs': 'manager',
  'POST /v1/admin/apps/{appId}/jobs/import': 'manager',
  'POST /v1/admin/apps/{appId}/jobs/preview': 'manager',
  'GET /v1/admin/apps/{appId}/jobs': 'viewer',
  'GET /v1/admin/apps/{appId}/jobs/{jobId}': 'viewer',
  'POST /v1/admin/apps/{appId}/jobs/{jobId}/cancel': 'manager',
  'POST /v1/admin/apps/{appId}/keyauth-imports': 'admin',
  'GET /v1/admin/apps/{appId}/keyauth-imports': 'admin',
  'GET /v1/admin/apps/{appId}/keyauth-imports/{importId}': 'admin',
  'GET /v1/admin/apps/{appId}/keyauth-imports/{importId}/rows': 'admin',
  'POST /v1/admin/apps/{appId}/keyauth-imports/{importId}/commit': 'admin',

  'POST /v1/admin/apps/{appId}/blacklist': 'manager',
  'GET /v1/admin/apps/{appId}/blacklist': 'viewer',
  'DELETE /v1/admin/apps/{appId}/blacklist/{entryId}': 'manager',

  'POST /v1/admin/apps/{appId}/webhooks': 'admin',
  'GET /v1/admin/apps/{appId}/webhooks': 'admin',
  'GET /v1/admin/apps/{appId}/webhooks/{webhookId}': 'admin',
  'PATCH /v1/admin/apps/{appId}/webhooks/{webhookId}': 'admin',
  'DELETE /v1/admin/apps/{appId}/webhooks/{webhookId}': 'admin',
  'POST /v1/admin/apps/{appId}/webhooks/{webhookId}/test': 'admin',
  'GET /v1/admin/apps/{appId}/webhooks/{webhookId}/deliveries': 'admin',
  'POST /v1/admin/apps/{appId}/webhooks/{webhookId}/deliveries/{deliveryId}/retry': 'admin',

  'GET /v1/admin/apps/{appId}/store/connections': 'admin',
  'POST /v1/admin/apps/{appId}/store/connections': 'admin',
  'PATCH /v1/admin/apps/{appId}/store/connections/{connectionId}': 'admin',
  'DELETE /v1/admin/apps/{appId}/store/connections/{connectionId}': 'admin',
  'POST /v1/admin/apps/{appId}/store/connections/{connectionId}/secret': 'admin',
  'GET /v1/admin/apps/{appId}/store/connections/{connectionId}/products': 'admin',
  'POST /v1/admin/apps/{appId}/store/connections/{connectionId}/products': 'admin',
  'PATCH /v1/admin/apps/{appId}/store/products/{productId}': 'admin',
  'DELETE /v1/admin/apps/{appId}/store/products/{productId}': 'admin',
  'GET /v1/admin/apps/{appId}/store/orders': 'admin',
  'GET /v1/admin/apps/{appId}/store/orders/{orderId}': 'admin',
  'POST /v1/admin/apps/{appId}/store/orders/{orderId}/email': 'admin',
  'POST /v1/admin/apps/{appId}/store/orders/{orderId}/link': 'admin',
  'GET /v1/admin/apps/{appId}/store/events': 'admin',

  'GET /v1/admin/apps/{appId}/members': 'admin',
  'PATCH /v1/admin/apps/{appId}/members/{accountId}': 'admin',
  // Another member's id here; any member may remove itself (leave), as teams.e2e-spec.ts shows.
  'DELETE /v1/admin/apps/{appId}/members/{accountId}': 'admin',
  'POST /v1/admin/apps/{appId}/invitations': 'admin',
  'GET /v1/admin/apps/{appId}/invitations': 'admin',
  'DELETE /v1/admin/apps/{appId}/invitations/{invitationId}': 'admin',
};

const ACCOUNT_ROUTES: Record<string, AccountAccessLevel | 'public'> = {
  'POST /v1/admin/auth/signup': 'public',
  'POST /v1/admin/auth/login': 'public',
  'POST /v1/admin/auth/password': 'recent-sign-in',
  'GET /v1/admin/auth/sessions': 'any-token',
  'POST /v1/admin/auth/logout': 'any-token',
  'POST /v1/admin/auth/login/second-factor': 'public',
  'GET /v1/admin/auth/two-factor': 'any-token',
  'POST /v1/admin/auth/two-factor/totp': 'recent-sign-in',
  'POST /v1/admin/auth/two-factor/totp/confirm': 'recent-sign-in',
  'POST /v1/admin/auth/two-factor/totp/disable': 'full-token',
  'POST /v1/admin/auth/two-factor/recovery-codes': 'recent-sign-in',
  'GET /v1/admin/auth/sign-ins': 'any-token',
  'POST /v1/admin/auth/passkeys/registration-options': 'recent-sign-in',
  'POST /v1/admin/auth/passkeys': 'recent-sign-in',
  'GET /v1/admin/auth/passkeys': 'any-token',
  'PATCH /v1/admin/auth/passkeys/{passkeyId}': 'full-token',
  'DELETE /v1/admin/auth/passkeys/{passkeyId}': 'recent-sign-in',
  'POST /v1/admin/auth/passkeys/authentication-options': 'public',
  'POST /v1/admin/auth/passkeys/authenticate': 'public',
  'GET /v1/admin/me': 'any-token',
  'POST /v1/admin/tokens': 'recent-sign-in',
  'GET /v1/admin/tokens': 'any-token',
  'DELETE /v1/admin/tokens/{tokenId}': 'full-token',
  'POST /v1/admin/apps': 'full-token',
  'GET /v1/admin/apps': 'any-token',
  'GET /v1/admin/invitations/{token}': 'public',
  'POST /v1/admin/invitations/accept': 'full-token',
};

const ROLES = ['owner', 'admin', 'manager', 'support', 'viewer'] as const satisfies readonly AppRole[];
const RANK: Record<AppRole, number> = { owner: 0, admin: 1, manager: 2, support: 3, viewer: 4 };
const ROLE_REFUSAL = { success: false, code: 'ROLE_NOT_ALLOWED', message: 'Not allowed for your role' };
const ACCOUNT_REFUSAL = { success: false, code: 'FORBIDDEN', message: 'Not allowed for this account' };
/** Codes that mean the caller was turned away for who it is, not for what it sent. */
const REFUSAL_CODES = [
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOR_RESELLER',
  'ROLE_NOT_ALLOWED',
  'PERSONAL_TOKEN_NOT_ALLOWED',
  'RECENT_SIGN_IN_REQUIRED',
];

let owner: Owner;
let appId: string;
/** A token of the app's owner, then of a member holding each role. */
const tokens = {} as Record<AppRole, string>;
/** How each of them signs in. */
const credentials = {} as Record<AppRole, { email: string; password: string }>;

beforeAll(async () => {
  owner = await signupOwner();
  appId = (await createApp(owner, { name: 'Role matrix' })).appId;
  tokens.owner = owner.token;
  credentials.owner = { email: owner.email, password: owner.password };
  for (const role of ROLES.filter((r): r is MemberRole => r !== 'owner')) {
    const member = await memberOf(owner, appId, role);
    tokens[role] = member.token;
    credentials[role] = { email: member.email, password: member.password };
  }
});
afterAll(closeDb);

/** What each kind of token gets from a route of each level: its refusal code, or null when it passes. */
const EXPECTED_REFUSALS: Record<AccountAccessLevel, Record<'personal' | 'narrowed' | 'olderSignIn', string | null>> = {
  'any-token': { personal: null, narrowed: null, olderSignIn: null },
  'full-token': { personal: null, narrowed: 'ROLE_NOT_ALLOWED', olderSignIn: null },
  'recent-sign-in': {
    personal: 'PERSONAL_TOKEN_NOT_ALLOWED',
    narrowed: 'ROLE_NOT_ALLOWED',
    olderSignIn: 'RECENT_SIGN_IN_REQUIRED',
  },
};

/** The answer's code when it is a refusal for the token (REFUSAL_CODES), else null. */
async function codeOf(answer: Promise<HttpResult>): Promise<string | null> {
  const { body } = await answer;
  return REFUSAL_CODES.includes(body?.code) ? body.code : null;
}

/** A new login token of the account holding `role` (the owner's for `owner`). */
async function freshSignIn(role: AppRole): Promise<string> {
  const res = await http('POST', '/v1/admin/auth/login', { body: credentials[role] });
  return res.body.data.accessToken;
}

/** A new personal token of the owner, narrowed to `maxRole` when given. */
async function personalToken(maxRole?: MemberRole): Promise<string> {
  const res = await http('POST', '/v1/admin/tokens', {
    token: await freshSignIn('owner'),
    body: { name: 'matrix', ...(maxRole ? { maxRole } : {}) },
  });
  return res.body.data.token;
}

/** A new login token of the owner whose sign-in is a day old (ageSignIn). */
async function olderSignIn(): Promise<string> {
  const token = await freshSignIn('owner');
  await ageSignIn(token);
  return token;
}

/**
 * The request each role makes on a route: random ids below the app (so item
 * routes answer 404 to whoever passes the role check) and no body (so writes
 * answer 400): the same request for every role, and nothing changes but a
 * rotated key or KeyAuth secret. Deleting the app is tried on an app of its own.
 */
async function callAs(role: AppRole, route: string, onApp = appId) {
  const [method, template] = route.split(' ') as [string, string];
  const url = template.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'appId' ? onApp : randomUUID()));
  return http(method, url, { token: tokens[role] });
}

/** An app of its own with a member of each role, for the one route that would delete the shared one. */
async function disposableApp(): Promise<{ appId: string; tokens: Record<AppRole, string> }> {
  const app = await createApp(owner, { name: 'Disposable' });
  const own = { owner: owner.token } as Record<AppRole, string>;
  for (const role of ROLES.filter((r): r is MemberRole => r !== 'owner')) {
    own[role] = (await memberOf(owner, app.appId, role)).token;
  }
  return { appId: app.appId, tokens: own };
}

describe('the team role matrix', () => {
  it('declares an answer for every registered admin route, and only those', async () => {
    const declared = [...Object.keys(APP_ROUTES), ...Object.keys(ACCOUNT_ROUTES)].sort();
    expect((await registeredAdminRoutes()).sort()).toEqual(declared);
    for (const route of Object.keys(APP_ROUTES)) expect(route).toContain('{appId}');
    for (const route of Object.keys(ACCOUNT_ROUTES)) expect(route).not.toContain('{appId}');
  });

  it.each(Object.entries(APP_ROUTES))('%s: %s and above get the owner’s answer, the rest 403', async (route, min) => {
    const deleting = route === 'DELETE /v1/admin/apps/{appId}';
    const answers: Partial<Record<AppRole, { status: number; body: unknown }>> = {};
    // Weakest first, so the owner's delete (the one allowed) runs last.
    for (const role of [...ROLES].reverse()) {
      const res = deleting
        ? await (async () => {
            const own = await disposableApp();
            return http('DELETE', `/v1/admin/apps/${own.appId}`, { token: own.tokens[role] });
          })()
        : await callAs(role, route);
      answers[role] = { status: res.status, body: res.body };
    }
    const ownerAnswer = answers.owner!;
    for (const role of ROLES) {
      const answer = answers[role]!;
      if (min === 'resellers only') {
        expect({ role, ...answer }).toEqual({ role, status: 403, body: ACCOUNT_REFUSAL });
      } else if (RANK[role] <= RANK[min]) {
        expect({ role, status: answer.status }).toEqual({ role, status: ownerAnswer.status });
        expect(REFUSAL_CODES).not.toContain((answer.body as { code?: string }).code);
      } else {
        expect({ role, ...answer }).toEqual({ role, status: 403, body: ROLE_REFUSAL });
      }
    }
  });

  it.each(Object.entries(ACCOUNT_ROUTES))('%s: the same for every owner-role account (%s)', async (route, kind) => {
    const [method, template] = route.split(' ') as [string, string];
    const url = template.replace(/\{(\w+)\}/g, () => randomUUID());
    for (const role of ROLES) {
      // A sign-in of its own: logout revokes the token it is called with.
      const res = await http(method, url, { token: await freshSignIn(role) });
      expect({ role, route, refused: REFUSAL_CODES.includes(res.body?.code) }).toEqual({ role, route, refused: false });
    }
    const anonymous = await http(method, url);
    if (kind === 'public') expect(anonymous.body?.code).not.toBe('UNAUTHORIZED');
    else
      expect({ status: anonymous.status, code: anonymous.body?.code }).toEqual({ status: 401, code: 'UNAUTHORIZED' });
  });

  it.each(Object.entries(ACCOUNT_ROUTES).filter(([, kind]) => kind !== 'public'))(
    '%s (%s): what a personal token, a narrowed one and an older sign-in get',
    async (route, kind) => {
      const [method, template] = route.split(' ') as [string, string];
      const url = template.replace(/\{(\w+)\}/g, () => randomUUID());
      const expected = EXPECTED_REFUSALS[kind as AccountAccessLevel];
      const answers: Record<keyof typeof expected, string | null> = {
        personal: await codeOf(http(method, url, { token: await personalToken() })),
        narrowed: await codeOf(http(method, url, { token: await personalToken('viewer') })),
        olderSignIn: await codeOf(http(method, url, { token: await olderSignIn() })),
      };
      expect(answers).toEqual(expected);
    },
  );

  it.each(Object.keys(APP_ROUTES))('%s without a token: 401', async (route) => {
    const [method, template] = route.split(' ') as [string, string];
    const res = await http(
      method,
      template.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'appId' ? appId : randomUUID())),
    );
    expect({ status: res.status, code: res.body?.code }).toEqual({ status: 401, code: 'UNAUTHORIZED' });
  });

  it('answers 404 to a member on an app it is not a member of, whatever the route', async () => {
    const other = (await createApp(await signupOwner())).appId;
    for (const route of Object.keys(APP_ROUTES).filter((r) => APP_ROUTES[r] !== 'resellers only')) {
      const res = await callAs('admin', route, other);
      expect({ route, status: res.status, code: res.body?.code }).toEqual({ route, status: 404, code: 'NOT_FOUND' });
    }
  });
});
