import { Global, Module } from '@nestjs/common';
import { AuditRetention } from './audit-retention.js';
import { AuditService } from './audit.service.js';

/** Global: every feature records its admin changes through the one AuditService. */
@Global()
@Module({ providers: [AuditService], exports: [AuditService] })
export class AuditModule {}

/** Prunes entries past AUDIT_RETENTION_DAYS (worker process). */
@Module({ providers: [AuditRetention] })
export class AuditRetentionModule {}
