import { Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { MeResult } from '@latchkey/contracts';
import { ok, PageQuery, pageOffset, paged } from '../../common/admin-response.js';
import { AdminController } from '../../common/auth/admin-controller.js';
import { CurrentPrincipal, type Principal } from '../../common/auth/principal.js';
import { AllowRoles } from '../../common/auth/role-policy.js';
import { AppScoped, CurrentScope, type AppScope } from '../apps/app-access.js';
import { ResellerCredits } from './reseller-credits.js';
import { ResellersService } from './resellers.service.js';

/** `GET /v1/admin/me`: the calling account; a reseller also gets the apps it sells with its balance. */
@ApiTags('accounts')
@AdminController('me')
export class MeController {
  constructor(private readonly resellers: ResellersService) {}

  @Get()
  @AllowRoles('owner', 'reseller')
  @ApiOperation({ summary: 'The calling account; for a reseller, its apps and credits' })
  async me(@CurrentPrincipal() principal: Principal) {
    const result: MeResult = { account: { id: principal.accountId, email: principal.email, role: principal.role } };
    if (principal.role === 'reseller') result.apps = await this.resellers.appsOf(principal.accountId);
    return ok(result);
  }
}

/** `GET /v1/admin/apps/{appId}/ledger`: a reseller's own ledger in the app it sells (owners read it per reseller). */
@ApiTags('resellers')
@AppScoped('ledger')
export class OwnLedgerController {
  constructor(private readonly credits: ResellerCredits) {}

  @Get()
  @AllowRoles('reseller')
  @ApiOperation({ summary: "The calling reseller's credit ledger, newest first" })
  async list(@CurrentScope() scope: AppScope, @Query() query: PageQuery) {
    // AllowRoles('reseller') makes the scope a reseller's.
    return paged(await this.credits.ledger(scope.resellerId!, pageOffset(query), query.limit), query);
  }
}
