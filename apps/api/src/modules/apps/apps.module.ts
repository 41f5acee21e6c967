import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { AppCredentialsCache } from './app-credentials.cache.js';
import { AppsController } from './apps.controller.js';
import { AppsService } from './apps.service.js';

@Module({
  imports: [AccountsModule],
  controllers: [AppsController],
  providers: [AppsService, AppCredentialsCache],
  exports: [AppsService, AppCredentialsCache],
})
export class AppsModule {}
