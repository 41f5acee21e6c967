import { createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import type { AccountRole, MemberRole } from '@latchkey/contracts';

/** Who is calling the admin API, resolved from the bearer token. */
export interface Principal {
  accountId: string;
  email: string;
  role: AccountRole;
  tokenId: string;
  /** A personal access token narrowed to this app role (null: its holder's role on each app). */
  maxRole: MemberRole | null;
  /** `login`: issued by a sign-in (or signup); `personal`: made by its holder for scripts. */
  tokenKind: 'login' | 'personal';
  /** When the token was issued: for a login token, when its sign-in was completed. */
  issuedAt: Date;
}

export interface RequestWithPrincipal {
  principal?: Principal;
}

export const CurrentPrincipal = createParamDecorator((_: unknown, ctx: ExecutionContext): Principal => {
  const request = ctx.switchToHttp().getRequest<RequestWithPrincipal>();
  // The guard has run; a route without a principal is a wiring bug.
  if (!request.principal) throw new Error('CurrentPrincipal used on a route without AccessTokenGuard');
  return request.principal;
});

export const PUBLIC_ROUTE = 'latchkey:public';
/** Marks an admin route that needs no bearer token (signup, login). */
export const PublicRoute = () => SetMetadata(PUBLIC_ROUTE, true);
