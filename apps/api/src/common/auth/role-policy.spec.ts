import { describe, expect, it } from '@jest/globals';
import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { AccountRole } from '@latchkey/contracts';
import { AppError } from '../errors.js';
import { PublicRoute, type Principal } from './principal.js';
import { AllowRoles, RolePolicyGuard } from './role-policy.js';

class Routes {
  ownerOnly() {}

  @AllowRoles('owner', 'reseller')
  shared() {}

  @AllowRoles('reseller')
  resellerOnly() {}

  @PublicRoute()
  open() {}
}

@AllowRoles('owner', 'reseller')
class SharedRoutes {
  inherited() {}

  @AllowRoles('owner')
  narrowed() {}
}

function principal(role: AccountRole): Principal {
  return { accountId: 'a', email: 'a@example.com', role, tokenId: 't', maxRole: null };
}

/** An execution context of `handler` on `controller`, for a request carrying `caller`. */
function context(controller: new () => object, handler: string, caller?: Principal): ExecutionContext {
  const request = { principal: caller };
  return {
    getHandler: () => (controller.prototype as Record<string, () => void>)[handler]!,
    getClass: () => controller,
    switchToHttp: () => ({ getRequest: () => request }),
  } as unknown as ExecutionContext;
}

function refusal(run: () => unknown): { status: number; message: string } | null {
  try {
    run();
    return null;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { status: err.status, message: err.message };
  }
}

describe('RolePolicyGuard', () => {
  const guard = new RolePolicyGuard(new Reflector());

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
