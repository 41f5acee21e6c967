import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { AppsModule } from '../apps/apps.module.js';
import { AppInvitationsController, InvitationsController, MembersController } from './members.controller.js';
import { MembersService } from './members.service.js';

/** An app's team (issue 28): members, their roles, and the invitations that add them. */
@Module({
  imports: [AccountsModule, AppsModule],
  controllers: [MembersController, AppInvitationsController, InvitationsController],
  providers: [MembersService],
})
export class MembersModule {}
