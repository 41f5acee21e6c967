import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { PasskeysController } from './passkeys.controller.js';
import { PasskeySignIn } from './passkey-sign-in.js';
import { PasskeysService } from './passkeys.service.js';

/** Passkeys (WebAuthn) of admin accounts: owns `passkeys` and `passkey_challenges`. */
@Module({
  imports: [AccountsModule],
  controllers: [PasskeysController],
  providers: [PasskeysService, PasskeySignIn],
})
export class PasskeysModule {}
