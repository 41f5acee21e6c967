import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { RequestWithPrincipal } from '../../common/auth/principal.js';
import { Config } from '../../config/config.js';
import { RateCounter } from '../rate-limit/rate-counter.js';

/**
 * RESELLER_CREATE_RATE_LIMIT_PER_MINUTE creations of resellers per acting
 * account per window, whatever the app (429 `Too many requests` with
 * Retry-After beyond): an owner cannot create accounts in bulk. Runs after
 * the controller's guards, so it counts only calls of the app's owner.
 */
@Injectable()
export class ResellerCreationLimitGuard implements CanActivate {
  constructor(
    private readonly config: Config,
    private readonly counter: RateCounter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const limit = this.config.RESELLER_CREATE_RATE_LIMIT_PER_MINUTE;
    if (limit === 0) return true;
    const { principal } = context.switchToHttp().getRequest<RequestWithPrincipal>();
    if (!principal) throw new Error('ResellerCreationLimitGuard used on a route without AccessTokenGuard');
    await this.counter.count('reseller-create', `latchkey:reseller-create:${principal.accountId}`, limit);
    return true;
  }
}
