import { Module } from '@nestjs/common';
import { PreparedStatements } from '../../common/prepared-statements.js';
import { AccountsModule } from '../accounts/accounts.module.js';
import { AppsModule } from '../apps/apps.module.js';
import { UserVariablesController } from './user-variables.controller.js';
import { UserVariablesService } from './user-variables.service.js';

/** A user's own variables: the admin routes, and the service the client dispatcher calls for the `/v1` types. */
@Module({
  imports: [AccountsModule, AppsModule],
  controllers: [UserVariablesController],
  providers: [UserVariablesService, PreparedStatements],
  exports: [UserVariablesService],
})
export class UserVariablesModule {}
