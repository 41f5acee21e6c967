import { describe, expect, it } from '@jest/globals';
import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { AppRole } from '@latchkey/contracts';
import { AppError } from '../../common/errors.js';
import type { Principal } from '../../common/auth/principal.js';
import { AppCapability, AppOwnershipGuard, type AppScope, type OwnedApp } from './app-access.js';
import type { AppsService } from './apps.service.js';

const owner: Principal = {
  accountId: 'owner-1',
  email: 'o@example.com',
  role: 'owner',
  tokenId: 't',
  maxRole: null,
  tokenKind: 'login',
  issuedAt: new Date(),
};
const ownedApp = { id: '6f1c1a52-9a53-4cf4-9a57-0d6f3f2b8d10', ownerId: 'owner-1' } as OwnedApp;

const seller: Principal = {
  accountId: 'reseller-1',
  email: 'r@example.com',
  role: 'reseller',
  tokenId: 't2',
  maxRole: null,
  tokenKind: 'login',
  issuedAt: new Date(),
};
const support: Principal = { ...owner, accountId: 'support-1', email: 's@example.com', tokenId: 't3' };

/** An AppsService whose only app is `ownedApp`, owned by `owner`, sold by `seller`, with `support` a member. */
const apps = {
  findReachable: async (principal: Principal, appId: string) => {
    const role: AppRole | null | undefined = {
      [owner.accountId]: 'owner' as const,
      [seller.accountId]: null,
      [support.accountId]: 'support' as const,
    }[principal.accountId];
    if (role === undefined || appId !== ownedApp.id) throw new AppError('NOT_FOUND');
    return { app: ownedApp, role };
  },
} as unknown as AppsService;

class Routes {
  ownerOnly() {}

  @AppCapability('users.act')
  act() {}

  @AppCapability('users.read')
  read() {}
}

function context(request: object, handler: keyof Routes = 'ownerOnly'): ExecutionContext {
  return {
    getHandler: () => Routes.prototype[handler],
    getClass: () => Routes,
    switchToHttp: () => ({ getRequest: () => request }),
  } as unknown as ExecutionContext;
}

type Request = { principal?: Principal; params: object; ownedApp?: OwnedApp; appScope?: AppScope; appRole?: AppRole };

describe('AppOwnershipGuard', () => {
  const guard = new AppOwnershipGuard(apps, new Reflector());

  it('hands the owned app to the request, with a scope of every record of it and the owner role', async () => {
    const request: Request = { principal: owner, params: { appId: ownedApp.id } };
    await expect(guard.canActivate(context(request))).resolves.toBe(true);
    expect(request.ownedApp).toBe(ownedApp);
    expect(request.appScope).toEqual({ appId: ownedApp.id, resellerId: null });
    expect(request.appRole).toBe('owner');
  });

  it('scopes a reseller to its own records of the app it sells, with no app role', async () => {
    const request: Request = { principal: seller, params: { appId: ownedApp.id } };
    await expect(guard.canActivate(context(request))).resolves.toBe(true);
    expect(request.appScope).toEqual({ appId: ownedApp.id, resellerId: seller.accountId });
    expect(request.appRole).toBeUndefined();
  });

  it('lets a member do what its role may, and refuses the rest with 403 `Not allowed for your role`', async () => {
    const allowed: Record<keyof Routes, boolean> = { ownerOnly: false, act: true, read: true };
    for (const [handler, allows] of Object.entries(allowed) as [keyof Routes, boolean][]) {
      const request: Request = { principal: support, params: { appId: ownedApp.id } };
      const outcome = guard.canActivate(context(request, handler));
      if (allows) await expect(outcome).resolves.toBe(true);
      else await expect(outcome).rejects.toMatchObject({ status: 403, message: 'Not allowed for your role' });
    }
  });

  it('narrows a token with a role ceiling, the owner’s included', async () => {
    for (const principal of [owner, support]) {
      const request: Request = { principal: { ...principal, maxRole: 'viewer' }, params: { appId: ownedApp.id } };
      await expect(guard.canActivate(context(request, 'read'))).resolves.toBe(true);
      expect(request.appRole).toBe('viewer');
      await expect(
        guard.canActivate(context({ ...request, appRole: undefined }, 'act' satisfies keyof Routes)),
      ).rejects.toMatchObject({ status: 403 });
    }
  });

  it('answers 404 for another tenant’s app and an unknown one alike, before any role check', async () => {
    const intruder = { ...owner, accountId: 'owner-2' };
    for (const request of [
      { principal: intruder, params: { appId: ownedApp.id } },
      { principal: owner, params: { appId: '00000000-0000-4000-8000-000000000000' } },
      { principal: support, params: { appId: '00000000-0000-4000-8000-000000000000' } },
    ]) {
      await expect(guard.canActivate(context(request))).rejects.toMatchObject({ status: 404, message: 'Not found' });
    }
  });

  it('treats a route without a principal or without :appId as a wiring bug', async () => {
    await expect(guard.canActivate(context({ params: { appId: ownedApp.id } }))).rejects.toThrow(
      'without AccessTokenGuard',
    );
    await expect(guard.canActivate(context({ principal: owner, params: {} }))).rejects.toThrow('without :appId');
  });
});
