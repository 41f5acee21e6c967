import { type CanActivate, type ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { AccountRole } from '@latchkey/contracts';
import { Config } from '../../config/config.js';
import { AppError, type ErrorCode } from '../errors.js';
import { type Principal, PUBLIC_ROUTE, type RequestWithPrincipal } from './principal.js';

export const ALLOWED_ROLES = 'latchkey:allowed-roles';

/** A route without `AllowRoles` is for owners only: a new route is closed to resellers until it opens itself. */
export const DEFAULT_ROLES: readonly AccountRole[] = ['owner'];

/**
 * Declares which account roles may call a route (on the handler, or on the
 * controller for all its handlers; the handler's declaration wins). The one
 * place a route's role policy is written; RolePolicyGuard enforces it.
 */
export const AllowRoles = (...roles: AccountRole[]) => SetMetadata(ALLOWED_ROLES, roles);

export const ACCOUNT_ACCESS = 'latchkey:account-access';

/**
 * Which tokens may call an account-level route (one without `{appId}`; an
 * app route narrows by its token's maxRole in AppOwnershipGuard instead):
 * - `any-token`: every live token, a narrowed one too (reads, logout);
 * - `full-token`: not a token narrowed with maxRole (403 `Not allowed for
 *   your role`): a narrowed token makes no account-level change;
 * - `recent-sign-in`: changes to how the account signs in. Only a login token
 *   issued in the last RECENT_SIGN_IN_SECONDS, so a sign-in's proof (the
 *   password and the second factor) is fresh: a personal token answers 403
 *   `Not allowed with a personal access token`, an older login token 403
 *   `Sign in again to continue`.
 */
export type AccountAccessLevel = 'any-token' | 'full-token' | 'recent-sign-in';

/**
 * Declares an account-level route's AccountAccessLevel. A route declaring
 * none is `any-token` when it is a GET and `full-token` otherwise, so a new
 * write is closed to narrowed tokens until it says more.
 */
export const AccountAccess = (level: AccountAccessLevel) => SetMetadata(ACCOUNT_ACCESS, level);

/** The level an account-level route declares, or its method's default. */
export function accountAccessLevel(reflector: Reflector, context: ExecutionContext): AccountAccessLevel {
  const declared = reflector.getAllAndOverride<AccountAccessLevel | undefined>(ACCOUNT_ACCESS, [
    context.getHandler(),
    context.getClass(),
  ]);
  if (declared) return declared;
  const { method } = context.switchToHttp().getRequest<{ method?: string }>();
  return method === 'GET' ? 'any-token' : 'full-token';
}

/** Why `principal` may not call a route of `level`, or null when it may; `now` and `recentSeconds` judge a sign-in's age. */
export function accountAccessRefusal(
  level: AccountAccessLevel,
  principal: Principal,
  { now, recentSeconds }: { now: number; recentSeconds: number },
): ErrorCode | null {
  if (level === 'any-token') return null;
  if (principal.maxRole) return 'ROLE_NOT_ALLOWED';
  if (level === 'full-token') return null;
  if (principal.tokenKind !== 'login') return 'PERSONAL_TOKEN_NOT_ALLOWED';
  const age = now - principal.issuedAt.getTime();
  return age >= 0 && age <= recentSeconds * 1000 ? null : 'RECENT_SIGN_IN_REQUIRED';
}

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
 * contract's `Not allowed for a reseller` for resellers; then, on an
 * account-level route, a token its AccountAccess level does not take. Runs
 * after AccessTokenGuard (which sets the principal) and before any lookup of
 * the route's records, so the answer depends only on the token and the route.
 */
@Injectable()
export class RolePolicyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly config: Config,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, [context.getHandler(), context.getClass()])) {
      return true;
    }
    const { principal } = context.switchToHttp().getRequest<RequestWithPrincipal>();
    // AccessTokenGuard has run; a route without a principal is a wiring bug.
    if (!principal) throw new Error('RolePolicyGuard used on a route without AccessTokenGuard');
    if (!allowedRoles(this.reflector, context).includes(principal.role)) throw new AppError(REFUSAL[principal.role]);
    const { params } = context.switchToHttp().getRequest<{ params?: { appId?: string } }>();
    if (params?.appId === undefined) {
      const refusal = accountAccessRefusal(accountAccessLevel(this.reflector, context), principal, {
        now: Date.now(),
        recentSeconds: this.config.RECENT_SIGN_IN_SECONDS,
      });
      if (refusal) throw new AppError(refusal);
    }
    return true;
  }
}
