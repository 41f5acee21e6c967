import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { AppsModule } from '../apps/apps.module.js';
import { LogsController } from './logs.controller.js';

/** The audit log's route (HTTP process). Entries are written and pruned by the audit module. */
@Module({ imports: [AccountsModule, AppsModule], controllers: [LogsController] })
export class LogsModule {}
