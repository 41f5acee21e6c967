import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { AppsModule } from '../apps/apps.module.js';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';
import { ResellerCredits } from './reseller-credits.js';
import { MeController, OwnLedgerController } from './reseller-self.controller.js';
import { ResellersController } from './resellers.controller.js';
import { ResellersService } from './resellers.service.js';

/** Resellers and credits; exports the credit ledger that license generation and deletion use. */
@Module({
  imports: [AccountsModule, AppsModule, RateLimitModule],
  controllers: [ResellersController, MeController, OwnLedgerController],
  providers: [ResellersService, ResellerCredits],
  exports: [ResellerCredits],
})
export class ResellersModule {}
