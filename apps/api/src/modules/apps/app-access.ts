import {
  applyDecorators,
  type CanActivate,
  Controller,
  createParamDecorator,
  type ExecutionContext,
  Injectable,
  UseGuards,
} from '@nestjs/common';
import { ApiBearerAuth } from '@nestjs/swagger';
import { AccessTokenGuard } from '../../common/auth/access-token.guard.js';
import type { RequestWithPrincipal } from '../../common/auth/principal.js';
import { RolePolicyGuard } from '../../common/auth/role-policy.js';
import type { AppSettings } from './app-settings.js';
import { AppsService } from './apps.service.js';

/** The app an `/apps/{appId}/...` request is about, loaded and checked by AppOwnershipGuard. */
export interface OwnedApp extends AppSettings {
  id: string;
  ownerId: string;
  /** base64 of the raw Ed25519 public key */
  publicKey: string;
  createdAt: Date;
}

/**
 * Which records of the app a request reaches: all of them (its owner), or a
 * reseller's own (the keys it generated, its ledger). Services scope their
 * queries by it; AppOwnershipGuard decides it, nowhere else.
 */
export interface AppScope {
  appId: string;
  /** The calling reseller's account id (= its reseller id), or null for the owner. */
  resellerId: string | null;
}

interface RequestWithApp extends RequestWithPrincipal {
  params: { appId?: string };
  ownedApp?: OwnedApp;
  appScope?: AppScope;
}

/**
 * Loads the route's `:appId` when the principal may reach it (an owner its
 * apps, a reseller the app it sells), for CurrentApp and CurrentScope.
 * Another tenant's app, an unknown id and a malformed one are all 404 `Not
 * found`: never reveal other tenants. The only ownership check of the admin
 * API; services take the app and scope it hands over and scope every query by them.
 */
@Injectable()
export class AppOwnershipGuard implements CanActivate {
  constructor(private readonly apps: AppsService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<RequestWithApp>();
    // Wiring bugs, not client errors: the guard needs the principal and a route with :appId.
    if (!request.principal) throw new Error('AppOwnershipGuard used on a route without AccessTokenGuard');
    if (request.params.appId === undefined) throw new Error('AppOwnershipGuard used on a route without :appId');
    const { principal } = request;
    request.ownedApp = await this.apps.findOwned(principal, request.params.appId);
    request.appScope = {
      appId: request.ownedApp.id,
      resellerId: principal.role === 'reseller' ? principal.accountId : null,
    };
    return true;
  }
}

/** The app of the route, as AppOwnershipGuard loaded it. */
export const CurrentApp = createParamDecorator((_: unknown, ctx: ExecutionContext): OwnedApp => {
  const request = ctx.switchToHttp().getRequest<RequestWithApp>();
  if (!request.ownedApp) throw new Error('CurrentApp used on a route without AppOwnershipGuard');
  return request.ownedApp;
});

/** The records of the route's app the caller reaches, as AppOwnershipGuard decided. */
export const CurrentScope = createParamDecorator((_: unknown, ctx: ExecutionContext): AppScope => {
  const request = ctx.switchToHttp().getRequest<RequestWithApp>();
  if (!request.appScope) throw new Error('CurrentScope used on a route without AppOwnershipGuard');
  return request.appScope;
});

/**
 * A controller under `/v1/admin/apps/{appId}/<resource>`: bearer token, the
 * route's role policy (AllowRoles; owners only by default), then ownership of
 * the app, in that order (401, 403, 404). Handlers take the app with CurrentApp.
 */
export const AppScoped = (resource: string) =>
  applyDecorators(
    Controller(`v1/admin/apps/:appId/${resource}`),
    ApiBearerAuth(),
    UseGuards(AccessTokenGuard, RolePolicyGuard, AppOwnershipGuard),
  );
