import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ok } from '../../common/admin-response.js';
import { AccessTokenGuard } from '../../common/auth/access-token.guard.js';
import { CurrentPrincipal, type Principal } from '../../common/auth/principal.js';
import { AppsService } from '../apps/apps.service.js';
import { StatsService } from './stats.service.js';

@ApiTags('apps')
@ApiBearerAuth()
@UseGuards(AccessTokenGuard)
@Controller('v1/admin/apps/:appId/stats')
export class StatsController {
  constructor(
    private readonly apps: AppsService,
    private readonly stats: StatsService,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'Users, live sessions, licenses by status, and activations and logins per UTC day for 30 days',
  })
  async get(@CurrentPrincipal() principal: Principal, @Param('appId') appId: string) {
    const app = await this.apps.findOwned(principal, appId);
    return ok(await this.stats.get(app));
  }
}
