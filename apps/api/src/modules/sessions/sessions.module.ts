import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { AppsModule } from '../apps/apps.module.js';
import { SessionsAdminService } from './sessions-admin.service.js';
import { SessionsController } from './sessions.controller.js';

/** Exports SessionsAdminService for whatever ends a user's sessions (user and license bans and deletions). */
@Module({
  imports: [AccountsModule, AppsModule],
  controllers: [SessionsController],
  providers: [SessionsAdminService],
  exports: [SessionsAdminService],
})
export class SessionsModule {}
