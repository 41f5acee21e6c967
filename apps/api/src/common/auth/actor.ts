import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Principal, RequestWithPrincipal } from './principal.js';

/** Who makes an admin change and from where: the principal plus the request's client IP, for the audit log. */
export interface Actor extends Principal {
  ip: string;
}

/** The calling principal with its IP (the socket address, or X-Forwarded-For under TRUST_PROXY). */
export const CurrentActor = createParamDecorator((_: unknown, ctx: ExecutionContext): Actor => {
  const request = ctx.switchToHttp().getRequest<FastifyRequest & RequestWithPrincipal>();
  // The guard has run; a route without a principal is a wiring bug.
  if (!request.principal) throw new Error('CurrentActor used on a route without AccessTokenGuard');
  return { ...request.principal, ip: request.ip };
});

/**
 * Who makes a change the audit log records: an admin (an Actor), or a
 * client acting on its own session (KeyAuth's self-ban and username change),
 * which has no account. `email` is the audit entry's actor.
 */
export type ChangeAuthor = Pick<Actor, 'email' | 'ip'> & { accountId: string | null };
