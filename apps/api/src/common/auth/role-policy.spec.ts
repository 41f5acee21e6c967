import { describe, expect, it } from '@jest/globals';
import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { AccountRole } from '@latchkey/contracts';
import type { Config } from '../../config/config.js';
import { AppError } from '../errors.js';
import { PublicRoute, type Principal } from './principal.js';
import { AccountAccess, accountAccessRefusal, AllowRoles, RolePolicyGuard } from './role-policy.js';

class Routes {
  ownerOnly() {}

  @AllowRoles('owner', 'reseller')
  shared() {}

  @AllowRoles('reseller')
  resellerOnly() {}

  @PublicRoute()
  open() {}

  @AccountAccess('any-token')
  anyToken() {}

  @AccountAccess('recent-sign-in')
  signInChange() {}
}

@AllowRoles('owner', 'reseller')
class SharedRoutes {
  inherited() {}

  @AllowRoles('owner')
  narrowed() {}
}

function principal(role: AccountRole, token: Partial<Principal> = {}): Principal {
  return {
    accountId: 'a',
    email: 'a@example.com',
    role,
    tokenId: 't',
    maxRole: null,
    tokenKind: 'login',
    issuedAt: new Date(),
    ...token,
  };
}

/** An execution context of `handler` on `controller`, for a `method` request carrying `caller` (on an app's route with `appId`). */
function context(
  controller: new () => object,
  handler: string,
  caller?: Principal,
  { method = 'POST', appId }: { method?: string; appId?: string } = {},
): ExecutionContext {
  const request = { principal: caller, method, params: appId === undefined ? {} : { appId } };
  return {
    getHandler: () => (controller.prototype as Record<string, () => void>)[handler]!,
    getClass: () => controller,
    switchToHttp: () => ({ getRequest: () => request }),
  } as unknown as ExecutionContext;
}

/** The AppError `run` throws, or null when it passes. */
function refusalOf(run: () => unknown): AppError | null {
  try {
    run();
    return null;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return err;
  }
}

function refusal(run: () => unknown): { status: number; message: string } | null {
  const error = refusalOf(run);
  return error && { status: error.status, message: error.message };
}

const code = (run: () => unknown) => refusalOf(run)?.code ?? null;

describe('RolePolicyGuard', () => {
  const guard = new RolePolicyGuard(new Reflector(), { RECENT_SIGN_IN_SECONDS: 300 } as Config);

  it('lets owners through routes that declare nothing, and refuses resellers there with the contract message', () => {
    expect(guard.canActivate(context(Routes, 'ownerOnly', principal('owner')))).toBe(true);
    expect(refusal(() => guard.canActivate(context(Routes, 'ownerOnly', principal('reseller'))))).toEqual({
      status: 403,
      message: 'Not allowed for a reseller',
    });
  });

  it('follows a route’s declaration, for each role', () => {
    for (const role of ['owner', 'reseller'] as const) {
      expect(guard.canActivate(context(Routes, 'shared', principal(role)))).toBe(true);
    }
    expect(guard.canActivate(context(Routes, 'resellerOnly', principal('reseller')))).toBe(true);
    expect(refusal(() => guard.canActivate(context(Routes, 'resellerOnly', principal('owner'))))).toEqual({
      status: 403,
      message: 'Not allowed for this account',
    });
  });

  it('takes the controller’s declaration for its handlers, a handler’s own declaration first', () => {
    expect(guard.canActivate(context(SharedRoutes, 'inherited', principal('reseller')))).toBe(true);
    expect(refusal(() => guard.canActivate(context(SharedRoutes, 'narrowed', principal('reseller'))))?.status).toBe(
      403,
    );
    expect(guard.canActivate(context(SharedRoutes, 'narrowed', principal('owner')))).toBe(true);
  });

  it('skips public routes, and treats a route without a principal as a wiring bug', () => {
    expect(guard.canActivate(context(Routes, 'open'))).toBe(true);
    expect(() => guard.canActivate(context(Routes, 'ownerOnly'))).toThrow('without AccessTokenGuard');
  });
});

describe('account access', () => {
  const guard = new RolePolicyGuard(new Reflector(), { RECENT_SIGN_IN_SECONDS: 300 } as Config);
  const narrowed = principal('owner', { tokenKind: 'personal', maxRole: 'viewer' });
  const personal = principal('owner', { tokenKind: 'personal' });
  const stale = principal('owner', { issuedAt: new Date(Date.now() - 301_000) });

  it('lets a narrowed token read but refuses it every account-level write, declared or not', () => {
    expect(code(() => guard.canActivate(context(Routes, 'ownerOnly', narrowed, { method: 'GET' })))).toBeNull();
    expect(code(() => guard.canActivate(context(Routes, 'anyToken', narrowed)))).toBeNull();
    expect(code(() => guard.canActivate(context(Routes, 'ownerOnly', narrowed)))).toBe('ROLE_NOT_ALLOWED');
    expect(code(() => guard.canActivate(context(Routes, 'signInChange', narrowed)))).toBe('ROLE_NOT_ALLOWED');
  });

  it('leaves an app route’s narrowing to the app guard', () => {
    expect(code(() => guard.canActivate(context(Routes, 'ownerOnly', narrowed, { appId: 'x' })))).toBeNull();
  });

  it('takes only a recent sign-in for a change to how the account signs in', () => {
    expect(code(() => guard.canActivate(context(Routes, 'signInChange', principal('owner'))))).toBeNull();
    expect(code(() => guard.canActivate(context(Routes, 'signInChange', personal)))).toBe('PERSONAL_TOKEN_NOT_ALLOWED');
    expect(code(() => guard.canActivate(context(Routes, 'signInChange', stale)))).toBe('RECENT_SIGN_IN_REQUIRED');
    expect(code(() => guard.canActivate(context(Routes, 'ownerOnly', stale)))).toBeNull();
  });

  it('counts the window to the millisecond, and a sign-in dated in the future as not recent', () => {
    const at = (issuedAt: number) => principal('owner', { issuedAt: new Date(issuedAt) });
    const clock = { now: 1_000_000, recentSeconds: 300 };
    expect(accountAccessRefusal('recent-sign-in', at(700_000), clock)).toBeNull();
    expect(accountAccessRefusal('recent-sign-in', at(699_999), clock)).toBe('RECENT_SIGN_IN_REQUIRED');
    expect(accountAccessRefusal('recent-sign-in', at(1_000_001), clock)).toBe('RECENT_SIGN_IN_REQUIRED');
  });
});
