import { describe, expect, it } from '@jest/globals';
import type { ExecutionContext } from '@nestjs/common';
import { AppError } from '../../common/errors.js';
import type { Principal } from '../../common/auth/principal.js';
import { AppOwnershipGuard, type AppScope, type OwnedApp } from './app-access.js';
import type { AppsService } from './apps.service.js';

const owner: Principal = { accountId: 'owner-1', email: 'o@example.com', role: 'owner', tokenId: 't' };
const ownedApp = { id: '6f1c1a52-9a53-4cf4-9a57-0d6f3f2b8d10', ownerId: 'owner-1' } as OwnedApp;

const seller: Principal = { accountId: 'reseller-1', email: 'r@example.com', role: 'reseller', tokenId: 't2' };

/** An AppsService whose only app is `ownedApp`, owned by `owner` and sold by `seller`. */
const apps = {
  findOwned: async (principal: Principal, appId: string) => {
    const reaches = principal.accountId === ownedApp.ownerId || principal.accountId === seller.accountId;
    if (!reaches || appId !== ownedApp.id) throw new AppError('NOT_FOUND');
    return ownedApp;
  },
} as unknown as AppsService;

function context(request: object): ExecutionContext {
  return { switchToHttp: () => ({ getRequest: () => request }) } as unknown as ExecutionContext;
}

describe('AppOwnershipGuard', () => {
  const guard = new AppOwnershipGuard(apps);

  it('hands the owned app to the request, with a scope of every record of it', async () => {
    const request: { principal: Principal; params: object; ownedApp?: OwnedApp; appScope?: AppScope } = {
      principal: owner,
      params: { appId: ownedApp.id },
    };
    await expect(guard.canActivate(context(request))).resolves.toBe(true);
    expect(request.ownedApp).toBe(ownedApp);
    expect(request.appScope).toEqual({ appId: ownedApp.id, resellerId: null });
  });

  it('scopes a reseller to its own records of the app it sells', async () => {
    const request: { principal: Principal; params: object; appScope?: AppScope } = {
      principal: seller,
      params: { appId: ownedApp.id },
    };
    await expect(guard.canActivate(context(request))).resolves.toBe(true);
    expect(request.appScope).toEqual({ appId: ownedApp.id, resellerId: seller.accountId });
  });

  it('answers 404 for another tenant’s app and an unknown one alike', async () => {
    const intruder = { ...owner, accountId: 'owner-2' };
    for (const request of [
      { principal: intruder, params: { appId: ownedApp.id } },
      { principal: owner, params: { appId: '00000000-0000-4000-8000-000000000000' } },
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
