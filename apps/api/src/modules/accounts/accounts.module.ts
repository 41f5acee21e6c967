import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccessTokenEntity } from './access-token.entity.js';
import { AccessTokenGuard } from './access-token.guard.js';
import { AccountEntity } from './account.entity.js';
import { AccountsController } from './accounts.controller.js';
import { AuthService } from './auth.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([AccountEntity, AccessTokenEntity])],
  controllers: [AccountsController],
  providers: [AuthService, AccessTokenGuard],
  exports: [AuthService, AccessTokenGuard],
})
export class AccountsModule {}
