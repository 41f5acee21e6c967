import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountsModule } from '../accounts/accounts.module.js';
import { AppsModule } from '../apps/apps.module.js';
import { VariableEntity } from './variable.entity.js';
import { VariablesController } from './variables.controller.js';
import { VariablesService } from './variables.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([VariableEntity]), AccountsModule, AppsModule],
  controllers: [VariablesController],
  providers: [VariablesService],
})
export class VariablesModule {}
