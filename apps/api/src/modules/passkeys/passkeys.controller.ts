import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Req, UseGuards } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ok } from '../../common/admin-response.js';
import { CurrentActor, type Actor } from '../../common/auth/actor.js';
import { AccessTokenGuard } from '../../common/auth/access-token.guard.js';
import { CurrentPrincipal, type Principal, PublicRoute } from '../../common/auth/principal.js';
import { AccountAccess, AllowRoles, RolePolicyGuard } from '../../common/auth/role-policy.js';
import { validationError } from '../../common/errors.js';
import { IdParam } from '../../common/id-param.js';
import { Config } from '../../config/config.js';
import { originOf } from '../accounts/sign-in-origin.js';
import { SignInThrottlerGuard } from '../rate-limit/admin-throttler.js';
import {
  PasskeyAuthenticateDto,
  PasskeyAuthenticationOptionsDto,
  RegisterPasskeyDto,
  RenamePasskeyDto,
} from './passkeys.dto.js';
import { PasskeySignIn } from './passkey-sign-in.js';
import { PasskeysService } from './passkeys.service.js';
import { relyingPartyOf } from './relying-party.js';

/**
 * The account's passkeys (owners and resellers alike, like its other
 * sign-in settings) and signing in with one. The relying party of each
 * ceremony comes from the request's Origin or WEBAUTHN_RP_ID/WEBAUTHN_ORIGINS
 * (relying-party.ts).
 */
@ApiTags('accounts')
@ApiBearerAuth()
@UseGuards(AccessTokenGuard, RolePolicyGuard)
@AllowRoles('owner', 'reseller')
@Controller('v1/admin/auth/passkeys')
export class PasskeysController {
  constructor(
    private readonly passkeys: PasskeysService,
    private readonly signIn: PasskeySignIn,
    private readonly config: Config,
  ) {}

  @Post('registration-options')
  @HttpCode(200)
  @AccountAccess('recent-sign-in')
  @ApiOperation({ summary: "Options for the browser's passkey registration (a challenge living 5 minutes, used once)" })
  async registrationOptions(@CurrentPrincipal() principal: Principal, @Req() request: FastifyRequest) {
    return ok(await this.passkeys.registrationOptions(principal, this.relyingParty(request)));
  }

  @Post()
  @AccountAccess('recent-sign-in')
  @ApiOperation({ summary: "Register a passkey from the browser's answer to registration-options, under a name" })
  async register(@CurrentActor() actor: Actor, @Body() body: RegisterPasskeyDto, @Req() request: FastifyRequest) {
    return ok(await this.passkeys.register(actor, this.relyingParty(request), body, originOf(request)));
  }

  @Get()
  @ApiOperation({ summary: "The account's passkeys, oldest first" })
  async list(@CurrentPrincipal() principal: Principal) {
    return ok(await this.passkeys.list(principal));
  }

  @Patch(':passkeyId')
  @ApiOperation({ summary: 'Rename a passkey' })
  async rename(@CurrentActor() actor: Actor, @IdParam('passkeyId') passkeyId: string, @Body() body: RenamePasskeyDto) {
    return ok(await this.passkeys.rename(actor, passkeyId, body.name));
  }

  @Delete(':passkeyId')
  // Removing the last passkey can turn the second factor off.
  @AccountAccess('recent-sign-in')
  @ApiOperation({ summary: 'Remove a passkey: it signs in no more' })
  async remove(@CurrentActor() actor: Actor, @IdParam('passkeyId') passkeyId: string, @Req() request: FastifyRequest) {
    await this.passkeys.remove(actor, passkeyId, originOf(request));
    return ok({});
  }

  @PublicRoute()
  @Post('authentication-options')
  @HttpCode(200)
  @UseGuards(SignInThrottlerGuard)
  @ApiOperation({
    summary:
      'Options for signing in with a passkey: without challengeToken, any discoverable passkey (passwordless; ' +
      'send passkeyChallengeId back); with it, one of that account’s passkeys as the second factor; rate limited per IP',
  })
  async authenticationOptions(@Body() body: PasskeyAuthenticationOptionsDto, @Req() request: FastifyRequest) {
    const rp = this.relyingParty(request);
    return ok(
      body.challengeToken === undefined
        ? await this.signIn.passwordlessOptions(rp)
        : await this.signIn.secondFactorOptions(rp, body.challengeToken),
    );
  }

  @PublicRoute()
  @Post('authenticate')
  @HttpCode(200)
  @UseGuards(SignInThrottlerGuard)
  @ApiOperation({
    summary:
      'Sign in with a passkey: the browser’s answer and passkeyChallengeId (passwordless) or challengeToken ' +
      '(second factor); answers like login; rate limited per IP',
  })
  async authenticate(@Body() body: PasskeyAuthenticateDto, @Req() request: FastifyRequest) {
    const rp = this.relyingParty(request);
    if ((body.challengeToken === undefined) === (body.passkeyChallengeId === undefined)) {
      throw validationError([{ message: 'Send exactly one of challengeToken and passkeyChallengeId' }]);
    }
    const origin = originOf(request);
    return ok(
      body.challengeToken === undefined
        ? await this.signIn.signInPasswordless(rp, body.passkeyChallengeId!, body.response, origin)
        : await this.signIn.signInSecondFactor(rp, body.challengeToken, body.response, origin),
    );
  }

  private relyingParty(request: FastifyRequest) {
    const origin = request.headers.origin;
    return relyingPartyOf(this.config, typeof origin === 'string' ? origin : undefined);
  }
}
