import { Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { pageOffset, paged } from '../../common/admin-response.js';
import { AppScoped, CurrentApp, type OwnedApp, AppCapability } from '../apps/app-access.js';
import { AuditService } from '../audit/audit.service.js';
import { AuditQuery } from './logs.dto.js';

@ApiTags('logs')
@AppScoped('logs')
/** `GET /v1/admin/apps/{appId}/logs`: the app's audit log, written through AuditService. */
export class LogsController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @AppCapability('logs.read')
  @ApiOperation({ summary: 'Audit log: admin changes and client authentications, newest first' })
  async list(@CurrentApp() app: OwnedApp, @Query() query: AuditQuery) {
    return paged(await this.audit.list(app.id, query, pageOffset(query), query.limit), query);
  }
}
