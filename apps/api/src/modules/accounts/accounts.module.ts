import { Module } from '@nestjs/common';
import { AccessTokenGuard } from '../../common/auth/access-token.guard.js';
import { PrincipalResolver } from '../../common/auth/principal-resolver.js';
import { AccountPasswords } from './account-passwords.js';
import { AccountsController } from './accounts.controller.js';
import { AuthService } from './auth.service.js';

@Module({
  controllers: [AccountsController],
  providers: [
    AuthService,
    AccountPasswords,
    AccessTokenGuard,
    { provide: PrincipalResolver, useExisting: AuthService },
  ],
  exports: [AuthService, AccessTokenGuard, PrincipalResolver],
})
export class AccountsModule {}
