import {
  applyDecorators,
  type CanActivate,
  Controller,
  createParamDecorator,
  type ExecutionContext,
  Injectable,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiBearerAuth } from '@nestjs/swagger';
import { type AppRole, type Capability, CAPABILITIES, roleAtLeast, weakerRole } from '@latchkey/contracts';
import { AppError } from '../../common/errors.js';
import { AccessTokenGuard } from '../../common/auth/access-token.guard.js';
import type { RequestWithPrincipal } from '../../common/auth/principal.js';
import { RolePolicyGuard } from '../../common/auth/role-policy.js';
import type { OwnedApp } from './app-settings.js';
import { AppsService } from './apps.service.js';

export type { OwnedApp } from './app-settings.js';

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
  appRole?: AppRole;
}

export const APP_CAPABILITY = 'latchkey:app-capability';

/**
 * Declares what an app-scoped route does (a key of the contract's
 * CAPABILITIES, which names the weakest app role allowed to do it). A route
 * declaring none is the app owner's alone, so a new route stays closed to
 * members until its capability is decided. Resellers are governed by
 * AllowRoles and their scope, not by this.
 */
export const AppCapability = (capability: Capability) => SetMetadata(APP_CAPABILITY, capability);

/** The weakest app role a route allows (`owner` when it declares no capability). */
export function requiredAppRole(reflector: Reflector, context: ExecutionContext): AppRole {
  const capability = reflector.getAllAndOverride<Capability | undefined>(APP_CAPABILITY, [
    context.getHandler(),
    context.getClass(),
  ]);
  return capability ? CAPABILITIES[capability] : 'owner';
}

/**
 * Loads the route's `:appId` when the principal may reach it (an owner its
 * apps, a member the apps it belongs to, a reseller the app it sells), for
 * CurrentApp, CurrentScope and CurrentAppRole. Another tenant's app, an
 * unknown id and a malformed one are all 404 `Not found`: never reveal other
 * tenants. Then the role: an owner-role account acts with its role on the app
 * (narrowed by its token's maxRole) and is refused below the route's
 * capability with 403 `Not allowed for your role`. The role is read on every
 * request, so a removal or demotion holds from the member's next request.
 * The only ownership check of the admin API; services take the app and scope
 * it hands over and scope every query by them.
 */
@Injectable()
export class AppOwnershipGuard implements CanActivate {
  constructor(
    private readonly apps: AppsService,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<RequestWithApp>();
    // Wiring bugs, not client errors: the guard needs the principal and a route with :appId.
    if (!request.principal) throw new Error('AppOwnershipGuard used on a route without AccessTokenGuard');
    if (request.params.appId === undefined) throw new Error('AppOwnershipGuard used on a route without :appId');
    const { principal } = request;
    const { app, role } = await this.apps.findReachable(principal, request.params.appId);
    request.ownedApp = app;
    request.appScope = {
      appId: app.id,
      resellerId: principal.role === 'reseller' ? principal.accountId : null,
    };
    if (role !== null) {
      const acting = principal.maxRole ? weakerRole(role, principal.maxRole) : role;
      if (!roleAtLeast(acting, requiredAppRole(this.reflector, context))) throw new AppError('ROLE_NOT_ALLOWED');
      request.appRole = acting;
    }
    return true;
  }
}

/**
 * The role the caller acts with on the route's app (its role, narrowed by its
 * token), as AppOwnershipGuard decided; a wiring bug for a reseller's request.
 */
export const CurrentAppRole = createParamDecorator((_: unknown, ctx: ExecutionContext): AppRole => {
  const request = ctx.switchToHttp().getRequest<RequestWithApp>();
  if (!request.appRole)
    throw new Error('CurrentAppRole used without an app role (a reseller, or no AppOwnershipGuard)');
  return request.appRole;
});

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
 * route's account role policy (AllowRoles; owner-role accounts only by
 * default), then access to the app and the caller's app role against the
 * route's AppCapability, in that order (401, 403, 404, 403). Handlers take
 * the app with CurrentApp.
 */
export const AppScoped = (resource: string) =>
  applyDecorators(
    Controller(`v1/admin/apps/:appId/${resource}`),
    ApiBearerAuth(),
    UseGuards(AccessTokenGuard, RolePolicyGuard, AppOwnershipGuard),
  );
