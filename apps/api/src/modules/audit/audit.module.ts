import { Global, Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { AppsModule } from '../apps/apps.module.js';
import { AuditController } from './audit.controller.js';
import { AuditRetention } from './audit-retention.js';
import { AuditService } from './audit.service.js';

/** Global: every feature records its admin changes through the one AuditService. */
@Global()
@Module({ providers: [AuditService], exports: [AuditService] })
export class AuditModule {}

/** `GET /v1/admin/apps/{appId}/logs` (HTTP process). */
@Module({ imports: [AccountsModule, AppsModule], controllers: [AuditController] })
export class AuditLogsModule {}

/** Prunes entries past AUDIT_RETENTION_DAYS (worker process). */
@Module({ providers: [AuditRetention] })
export class AuditRetentionModule {}
