import { Module } from '@nestjs/common';
import { AccessTokenGuard } from '../../common/auth/access-token.guard.js';
import { PrincipalResolver } from '../../common/auth/principal-resolver.js';
import { AccountPasswords } from './account-passwords.js';
import { AccountSignIns } from './account-sign-ins.js';
import { AccountTokens } from './account-tokens.js';
import { AccountsController } from './accounts.controller.js';
import { AuthService } from './auth.service.js';
import { LoginChallenges } from './login-challenges.js';
import { PasswordChangeResets } from './password-change-resets.js';
import { SecondFactorMethods } from './second-factor-methods.js';
import { SecondFactorSignIn } from './second-factor-sign-in.js';
import { TwoFactorController } from './two-factor.controller.js';
import { TwoFactorService } from './two-factor.service.js';

@Module({
  controllers: [AccountsController, TwoFactorController],
  providers: [
    AuthService,
    AccountTokens,
    AccountPasswords,
    AccountSignIns,
    LoginChallenges,
    PasswordChangeResets,
    SecondFactorMethods,
    SecondFactorSignIn,
    TwoFactorService,
    AccessTokenGuard,
    { provide: PrincipalResolver, useExisting: AuthService },
  ],
  // The second-factor services are the seam a factor kept elsewhere (passkeys) plugs into; PasswordChangeResets
  // the one through which a password change ends what other modules keep (passkey ceremonies, invitations).
  exports: [
    AuthService,
    AccessTokenGuard,
    PrincipalResolver,
    SecondFactorMethods,
    LoginChallenges,
    SecondFactorSignIn,
    AccountSignIns,
    PasswordChangeResets,
  ],
})
export class AccountsModule {}
