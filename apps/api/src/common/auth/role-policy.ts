import { type CanActivate, type ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { AccountRole } from '@latchkey/contracts';
import { AppError, type ErrorCode } from '../errors.js';
import { PUBLIC_ROUTE, type RequestWithPrincipal } from './principal.js';

export const ALLOWED_ROLES = 'latchkey:allowed-roles';

/** A route without `AllowRoles` is for owners only: a new route is closed to resellers until it opens itself. */
export const DEFAULT_ROLES: readonly AccountRole[] = ['owner'];

/**
 * Declares which account roles may call a route (on the handler, or on the
 * controller for all its handlers; the handler's declaration wins). The one
 * place a route's role policy is written; RolePolicyGuard enforces it.
 */
export const AllowRoles = (...roles: AccountRole[]) => SetMetadata(ALLOWED_ROLES, roles);

/** What a principal of each role is told when its role may not call a route. */
const REFUSAL: Record<AccountRole, ErrorCode> = {
  owner: 'FORBIDDEN',
  reseller: 'NOT_FOR_RESELLER',
};

/** The roles a route allows, as declared with AllowRoles (DEFAULT_ROLES when it declares none). */
export function allowedRoles(reflector: Reflector, context: ExecutionContext): readonly AccountRole[] {
  return (
    reflector.getAllAndOverride<AccountRole[] | undefined>(ALLOWED_ROLES, [context.getHandler(), context.getClass()]) ??
    DEFAULT_ROLES
  );
}

/**
 * Refuses a principal whose role the route does not allow: 403, with the
 * contract's `Not allowed for a reseller` for resellers. Runs after
 * AccessTokenGuard (which sets the principal) and before any lookup of the
 * route's records, so the answer depends only on the role and the route.
 */
@Injectable()
export class RolePolicyGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, [context.getHandler(), context.getClass()])) {
      return true;
    }
    const { principal } = context.switchToHttp().getRequest<RequestWithPrincipal>();
    // AccessTokenGuard has run; a route without a principal is a wiring bug.
    if (!principal) throw new Error('RolePolicyGuard used on a route without AccessTokenGuard');
    if (!allowedRoles(this.reflector, context).includes(principal.role)) throw new AppError(REFUSAL[principal.role]);
    return true;
  }
}
