import { Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ok } from '../../common/admin-response.js';
import { AppScoped, CurrentApp, type OwnedApp, AppCapability } from '../apps/app-access.js';
import { StatsService } from './stats.service.js';

@ApiTags('apps')
@AppScoped('stats')
export class StatsController {
  constructor(private readonly stats: StatsService) {}

  @Get()
  @AppCapability('stats.read')
  @ApiOperation({
    summary: 'Users, live sessions, licenses by status, and activations and logins per UTC day for 30 days',
  })
  async get(@CurrentApp() app: OwnedApp) {
    return ok(await this.stats.get(app));
  }
}
