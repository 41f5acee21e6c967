import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { PreparedStatements } from '../../common/prepared-statements.js';
import { AppsModule } from '../apps/apps.module.js';
import { SessionOpening } from './session-opening.js';
import { SessionsAdminService } from './sessions-admin.service.js';
import { SessionsController } from './sessions.controller.js';

/**
 * Exports SessionOpening (the one way a session opens) and SessionsAdminService
 * for whatever ends a user's sessions (user and license bans and deletions).
 */
@Module({
  imports: [AccountsModule, AppsModule],
  controllers: [SessionsController],
  providers: [SessionsAdminService, SessionOpening, PreparedStatements],
  exports: [SessionsAdminService, SessionOpening],
})
export class SessionsModule {}
