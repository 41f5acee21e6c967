import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { AppsModule } from '../apps/apps.module.js';
import { SessionsModule } from '../sessions/sessions.module.js';
import { BlacklistCache } from './blacklist.cache.js';
import { BlacklistController } from './blacklist.controller.js';
import { BlacklistService } from './blacklist.service.js';

/** Exports BlacklistService for the client endpoint (`isBlocked`). */
@Module({
  imports: [AccountsModule, AppsModule, SessionsModule],
  controllers: [BlacklistController],
  providers: [BlacklistService, BlacklistCache],
  exports: [BlacklistService],
})
export class BlacklistModule {}
