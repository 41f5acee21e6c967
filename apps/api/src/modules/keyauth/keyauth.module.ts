import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { AppsModule } from '../apps/apps.module.js';
import { KeyAuthAppsCache } from './keyauth-apps.cache.js';
import { KeyAuthSettingsController } from './keyauth-settings.controller.js';
import { KeyAuthSettingsService } from './keyauth-settings.service.js';

/** KeyAuth compatibility (issue 26): the per-app settings and the `/api/1.3/` and `/api/1.2/` endpoint. */
@Module({
  imports: [AccountsModule, AppsModule],
  controllers: [KeyAuthSettingsController],
  providers: [KeyAuthSettingsService, KeyAuthAppsCache],
  exports: [KeyAuthAppsCache],
})
export class KeyAuthModule {}
