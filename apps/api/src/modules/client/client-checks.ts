import type { ClientRequestType, ErrorCode } from '@latchkey/contracts';
import type { CachedApp } from '../apps/app-credentials.cache.js';
import type { ClientContext, ClientResult } from './client-context.js';
import type { ClientBaseDto } from './client.dto.js';

/** One check of `POST /v1`: what it refuses with, and where its rule lives. */
export interface ClientCheck {
  name: string;
  refuses: readonly ErrorCode[];
  where: string;
}

/**
 * `POST /v1`'s checks in the contract's order ("body shape, app credentials,
 * app enabled, blacklist, then the operation's own checks"). ClientService
 * runs exactly these, one after another (the KeyAuth door, which identifies
 * the app its own way, skips `app credentials`). The type's own checks are
 * its handler's; for a login-like type the last of them is open_session's
 * re-check under the user's row lock.
 */
export const CLIENT_CHECKS = [
  {
    name: 'body shape',
    refuses: ['UNKNOWN_TYPE', 'VALIDATION'],
    where: "client.dto.ts (each type's fields), run by ClientService.validated",
  },
  {
    name: 'app credentials',
    refuses: ['INVALID_APP_CREDENTIALS'],
    where: 'ClientService (appId found by client.endpoint.ts, apiKey against its digest)',
  },
  { name: 'app enabled', refuses: ['APP_DISABLED'], where: 'ClientService' },
  {
    name: 'blacklist',
    refuses: ['ACCESS_DENIED'],
    where: 'blacklist/blacklist.service.ts (IP, HWID, username or key)',
  },
  {
    name: 'rate limit',
    refuses: ['TOO_MANY_REQUESTS'],
    where: 'rate-limit/client-rate-limiter.ts (register, login, license, upgrade only)',
  },
  {
    name: "the type's own checks",
    refuses: [
      'LICENSE_NOT_FOUND',
      'LICENSE_BANNED',
      'LICENSE_USED',
      'LICENSE_EXPIRED',
      'USERNAME_TAKEN',
      'INVALID_USER_LOGIN',
      'USER_BANNED',
      'HWID_MISMATCH',
      'INVALID_SESSION',
      'VARIABLE_NOT_FOUND',
      'FILE_NOT_FOUND',
      'INSUFFICIENT_LEVEL',
      'USER_VARIABLE_LIMIT',
    ],
    where:
      'client-auth.service.ts (register, login, license, upgrade: key, password, ban, expiry, HWID), ' +
      'first-activation.ts (a key first used), sessions/sql/open_session.v3.sql (the re-check under the ' +
      "user's lock and the device limit), session-calls.service.ts (session types)",
  },
] as const satisfies readonly ClientCheck[];

export type ClientCheckName = (typeof CLIENT_CHECKS)[number]['name'];

/** A request type's fields and handler. */
export interface ClientRoute {
  dto: new () => ClientBaseDto;
  handle: (ctx: ClientContext<never>) => Promise<ClientResult> | ClientResult;
}

/** A call on its way through the checks: each fills in what the next ones read. */
export interface ClientCall {
  body: Record<string, unknown>;
  app: CachedApp | null;
  ip: string;
  origin: string | null;
  /** the KeyAuth door identified the app itself: `app credentials` is not run */
  credentialsChecked: boolean;
  /** a door's own route for a type (KeyAuth's password-less `upgrade`), instead of the type's */
  route?: ClientRoute & { requestType: ClientRequestType };
  requestType?: ClientRequestType;
  dto?: ClientBaseDto;
  result?: ClientResult;
}
