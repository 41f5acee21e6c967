import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { AppsModule } from '../apps/apps.module.js';
import { VariablesController } from './variables.controller.js';
import { VariablesService } from './variables.service.js';

@Module({
  imports: [AccountsModule, AppsModule],
  controllers: [VariablesController],
  providers: [VariablesService],
  exports: [VariablesService],
})
export class VariablesModule {}
