import { Body, Controller, Get, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ok } from '../../common/admin-response.js';
import { AccessTokenGuard } from '../../common/auth/access-token.guard.js';
import { AccountAccess, AllowRoles, RolePolicyGuard } from '../../common/auth/role-policy.js';
import { CurrentPrincipal, type Principal, PublicRoute } from '../../common/auth/principal.js';
import { AccountThrottlerGuard, SignInThrottlerGuard } from '../rate-limit/admin-throttler.js';
import { AccountSignIns } from './account-sign-ins.js';
import { originOf } from './sign-in-origin.js';
import { SecondFactorMethods } from './second-factor-methods.js';
import { SecondFactorSignIn } from './second-factor-sign-in.js';
import { DisableTotpDto, SecondFactorDto, TotpCodeDto } from './two-factor.dto.js';
import { TwoFactorService } from './two-factor.service.js';

/**
 * Two-factor sign-in (issue 28): the second step of a sign-in, and the
 * account's own TOTP, recovery codes and sign-in history. Owners and
 * resellers alike: each manages its own account.
 */
@ApiTags('accounts')
@ApiBearerAuth()
@UseGuards(AccessTokenGuard, RolePolicyGuard)
@AllowRoles('owner', 'reseller')
@Controller('v1/admin/auth')
export class TwoFactorController {
  constructor(
    private readonly secondFactorSignIn: SecondFactorSignIn,
    private readonly twoFactor: TwoFactorService,
    private readonly methods: SecondFactorMethods,
    private readonly signIns: AccountSignIns,
  ) {}

  @PublicRoute()
  @Post('login/second-factor')
  @HttpCode(200)
  // The login's limit per client IP, on a count of its own.
  @UseGuards(SignInThrottlerGuard)
  @ApiOperation({
    summary:
      "Answer a login's second-factor challenge with a TOTP code or a recovery code; returns the login access token; rate limited per IP",
  })
  async secondFactor(@Body() body: SecondFactorDto, @Req() request: FastifyRequest) {
    return ok(await this.secondFactorSignIn.answer(body, originOf(request)));
  }

  @Get('two-factor')
  @ApiOperation({ summary: "The account's second factors: TOTP on or off, recovery codes left, passkeys" })
  async status(@CurrentPrincipal() principal: Principal) {
    return ok(await this.methods.status(principal.accountId));
  }

  @Post('two-factor/totp')
  @AccountAccess('recent-sign-in')
  @ApiOperation({
    summary: 'Start a TOTP enrolment: a new secret, its otpauth URI and QR code; on once confirmed by a first code',
  })
  async enrol(@CurrentPrincipal() principal: Principal) {
    return ok(await this.twoFactor.enrol(principal));
  }

  @Post('two-factor/totp/confirm')
  @HttpCode(200)
  @AccountAccess('recent-sign-in')
  @UseGuards(AccountThrottlerGuard)
  @ApiOperation({
    summary: 'Turn TOTP on with a first code; returns ten recovery codes, shown only here; rate limited',
  })
  async confirm(@CurrentPrincipal() principal: Principal, @Body() body: TotpCodeDto, @Req() request: FastifyRequest) {
    return ok(await this.twoFactor.confirm(principal, body.code, originOf(request)));
  }

  @Post('two-factor/totp/disable')
  @HttpCode(200)
  // Its body carries the whole proof (the password and a code), so any full token will do.
  @AccountAccess('full-token')
  @UseGuards(AccountThrottlerGuard)
  @ApiOperation({
    summary: 'Turn TOTP off with the password and a current code or a recovery code; rate limited',
  })
  async disable(
    @CurrentPrincipal() principal: Principal,
    @Body() body: DisableTotpDto,
    @Req() request: FastifyRequest,
  ) {
    await this.twoFactor.disable(principal, body, originOf(request));
    return ok({});
  }

  @Post('two-factor/recovery-codes')
  @HttpCode(200)
  @AccountAccess('recent-sign-in')
  @UseGuards(AccountThrottlerGuard)
  @ApiOperation({
    summary: 'Replace the recovery codes for a current TOTP code; the new ones are shown only here; rate limited',
  })
  async regenerate(
    @CurrentPrincipal() principal: Principal,
    @Body() body: TotpCodeDto,
    @Req() request: FastifyRequest,
  ) {
    return ok(await this.twoFactor.regenerateRecoveryCodes(principal, body.code, originOf(request)));
  }

  @Get('sign-ins')
  @ApiOperation({
    summary: "The account's last 50 sign-in events: sign-ins, failed second steps, second-factor changes",
  })
  async signInHistory(@CurrentPrincipal() principal: Principal) {
    return ok(await this.signIns.list(principal.accountId));
  }
}
