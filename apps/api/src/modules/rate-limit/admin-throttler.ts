import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { Injectable, type ExecutionContext } from '@nestjs/common';
import {
  ThrottlerGuard,
  type ThrottlerLimitDetail,
  type ThrottlerModuleOptions,
  type ThrottlerRequest,
} from '@nestjs/throttler';
import { AdminMessage } from '@latchkey/contracts';
import type { Redis } from 'ioredis';
import type { RequestWithPrincipal } from '../../common/auth/principal.js';
import type { Config } from '../../config/config.js';
import { rateLimitRefusals } from './rate-limit-metrics.js';
import { rateLimitSubject } from './rate-limit-subject.js';

/**
 * The one throttler of @nestjs/throttler: ADMIN_LOGIN_RATE_LIMIT_PER_MINUTE
 * attempts per window on the admin routes guarded by SignInThrottlerGuard or
 * AccountThrottlerGuard, each route on a count of its own. A client counts as
 * the client limit counts it (an IPv4 address or an IPv6 /64).
 */
export function adminThrottlerOptions(config: Config, redis: Redis): ThrottlerModuleOptions {
  return {
    throttlers: [{ ttl: config.RATE_LIMIT_WINDOW_SECONDS * 1000, limit: config.ADMIN_LOGIN_RATE_LIMIT_PER_MINUTE }],
    skipIf: () => config.ADMIN_LOGIN_RATE_LIMIT_PER_MINUTE === 0,
    getTracker: clientTracker,
    errorMessage: AdminMessage.tooManyRequests,
    // Passed the shared connection, the storage leaves closing it to RedisModule.
    storage: new ThrottlerStorageRedisService(redis),
  };
}

/** The client a request counts for on the admin routes, as the client limit counts it. */
export function clientTracker(request: { ip?: string }): string {
  return rateLimitSubject(request.ip ?? 'unknown');
}

/** The `limit` label of the sign-in throttler's refusals. */
const SIGN_IN_LIMIT = 'admin-sign-in';

/** ThrottlerGuard on the admin sign-in routes (login, signup): its refusals are counted in the metrics. */
@Injectable()
export class SignInThrottlerGuard extends ThrottlerGuard {
  protected override throwThrottlingException(context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    rateLimitRefusals.labels(SIGN_IN_LIMIT).inc();
    return super.throwThrottlingException(context, detail);
  }
}

/**
 * SignInThrottlerGuard counting each attempt twice, per client and per account, for
 * a route behind AccessTokenGuard (password change): neither many addresses
 * nor many tokens of one account buy more guesses. Past either limit, 429
 * with Retry-After; a refusal by the client's count is not counted for the
 * account.
 */
@Injectable()
export class AccountThrottlerGuard extends SignInThrottlerGuard {
  protected override async handleRequest(request: ThrottlerRequest): Promise<boolean> {
    await super.handleRequest(request);
    return super.handleRequest({ ...request, getTracker: accountTracker });
  }
}

/** Distinct from any client tracker, which is an address or a network. */
function accountTracker(request: RequestWithPrincipal): string {
  if (!request.principal) throw new Error('AccountThrottlerGuard used on a route without AccessTokenGuard');
  return `account:${request.principal.accountId}`;
}
