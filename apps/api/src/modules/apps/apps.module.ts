import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountsModule } from '../accounts/accounts.module.js';
import { AppCredentialsCache } from './app-credentials.cache.js';
import { AppEntity } from './app.entity.js';
import { AppsController } from './apps.controller.js';
import { AppsService } from './apps.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([AppEntity]), AccountsModule],
  controllers: [AppsController],
  providers: [AppsService, AppCredentialsCache],
  exports: [AppsService, AppCredentialsCache],
})
export class AppsModule {}
