import { Controller, Get, Param, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { pageOffset, paged } from '../../common/admin-response.js';
import { AccessTokenGuard } from '../../common/auth/access-token.guard.js';
import { CurrentPrincipal, type Principal } from '../../common/auth/principal.js';
import { AppsService } from '../apps/apps.service.js';
import { AuditQuery } from './audit.dto.js';
import { AuditService } from './audit.service.js';

@ApiTags('logs')
@ApiBearerAuth()
@UseGuards(AccessTokenGuard)
@Controller('v1/admin/apps/:appId/logs')
export class AuditController {
  constructor(
    private readonly apps: AppsService,
    private readonly audit: AuditService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Audit log: admin changes and client authentications, newest first' })
  async list(@CurrentPrincipal() principal: Principal, @Param('appId') appId: string, @Query() query: AuditQuery) {
    const app = await this.apps.findOwned(principal, appId);
    const { items, total } = await this.audit.list(app.id, query.type, pageOffset(query), query.limit);
    return paged(items, { page: query.page, limit: query.limit, total });
  }
}
