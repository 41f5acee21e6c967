import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { AppsModule } from '../apps/apps.module.js';
import { BlacklistModule } from '../blacklist/blacklist.module.js';
import { FilesModule } from '../files/files.module.js';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';
import { SessionsModule } from '../sessions/sessions.module.js';
import { MailModule } from '../mail/mail.module.js';
import { CustomerCodeMailer } from './customer-code-mailer.js';
import { PortalAccess } from './portal-access.js';
import { PortalSettingsController } from './portal-settings.controller.js';
import { PortalSettingsService } from './portal-settings.service.js';
import { PortalController } from './portal.controller.js';
import { PortalService } from './portal.service.js';
import { PortalSweeper } from './portal-sweeper.js';

/**
 * The customer portal (issue 43, docs/customer-portal.md): the owner's
 * settings under `/v1/admin/apps/{appId}/portal`, the customer's API under
 * `/v1/portal/{publicId}`.
 */
@Module({
  imports: [AccountsModule, AppsModule, BlacklistModule, FilesModule, MailModule, RateLimitModule, SessionsModule],
  controllers: [PortalSettingsController, PortalController],
  providers: [CustomerCodeMailer, PortalAccess, PortalService, PortalSettingsService],
})
export class PortalModule {}

/** The worker's share: expired portal sessions and email codes swept hourly. */
@Module({ providers: [PortalSweeper] })
export class PortalSweeperModule {}
