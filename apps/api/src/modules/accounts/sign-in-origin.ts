import { AccountLimits } from '@latchkey/contracts';
import type { FastifyRequest } from 'fastify';

/** Where a login token is being issued to: shown back in the account's list of sign-ins. */
export interface SignInOrigin {
  ip: string;
  userAgent: string | null;
}

/** Where a sign-in comes from, as the account's sign-ins show it: the User-Agent cut to what is kept. */
export function originOf(request: FastifyRequest): SignInOrigin {
  const userAgent = request.headers['user-agent'];
  return {
    ip: request.ip,
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, AccountLimits.userAgentMax) : null,
  };
}
