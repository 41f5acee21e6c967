import { Body, Controller, Delete, Get, HttpCode, Post, Query, Req, UseGuards } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { IdParam } from '../../common/id-param.js';
import { ok, PageQuery, pageOffset, paged } from '../../common/admin-response.js';
import { CurrentActor, type Actor } from '../../common/auth/actor.js';
import { AccessTokenGuard } from '../../common/auth/access-token.guard.js';
import { AccountAccess, AllowRoles, RolePolicyGuard } from '../../common/auth/role-policy.js';
import { ChangePasswordDto, CreateTokenDto, LoginDto, SignupDto } from './accounts.dto.js';
import { originOf } from './sign-in-origin.js';
import { AccountTokens } from './account-tokens.js';
import { AuthService } from './auth.service.js';
import { CurrentPrincipal, type Principal, PublicRoute } from '../../common/auth/principal.js';
import { AccountThrottlerGuard, SignInThrottlerGuard } from '../rate-limit/admin-throttler.js';

/**
 * Sign-in and tokens. Resellers may log out, see their sign-ins and manage
 * their tokens (contract, "Resellers and credits"); changing the password is
 * the owner's (a reseller's is set by its owner). `GET /v1/admin/me` lives in
 * the resellers module, which knows the apps a reseller sells.
 */
@ApiTags('accounts')
@ApiBearerAuth()
@UseGuards(AccessTokenGuard, RolePolicyGuard)
@Controller('v1/admin')
export class AccountsController {
  constructor(
    private readonly auth: AuthService,
    private readonly tokens: AccountTokens,
  ) {}

  @PublicRoute()
  @Post('auth/signup')
  // Per client IP like login, so nobody mints accounts in bulk; its own count.
  @UseGuards(SignInThrottlerGuard)
  @ApiOperation({ summary: 'Create an owner account; returns a login access token; rate limited per IP' })
  async signup(@Body() body: SignupDto, @Req() request: FastifyRequest) {
    return ok(await this.auth.signup(body.email, body.password, originOf(request)));
  }

  @PublicRoute()
  @Post('auth/login')
  @HttpCode(200)
  // Per client IP, against password guessing (ADMIN_LOGIN_RATE_LIMIT_PER_MINUTE; counts shared through Redis).
  @UseGuards(SignInThrottlerGuard)
  @ApiOperation({
    summary:
      'Exchange email and password for an access token (12 h), or for a second-factor challenge when the account has one; rate limited per IP',
  })
  async login(@Body() body: LoginDto, @Req() request: FastifyRequest) {
    return ok(await this.auth.login(body.email, body.password, originOf(request)));
  }

  @Post('auth/password')
  @HttpCode(200)
  @AccountAccess('recent-sign-in')
  // Per client IP and per account, so a stolen token cannot guess the current password at bcrypt speed.
  @UseGuards(AccountThrottlerGuard)
  @ApiOperation({
    summary:
      "Change the account's password (a sign-in of the last RECENT_SIGN_IN_SECONDS); every other token, sign-in challenge, " +
      'pending two-factor enrolment and pending invitation the account created is revoked; rate limited per IP and per account',
  })
  async changePassword(
    @CurrentActor() actor: Actor,
    @CurrentPrincipal() principal: Principal,
    @Body() body: ChangePasswordDto,
  ) {
    return ok(await this.auth.changePassword(actor, principal, body.currentPassword, body.newPassword));
  }

  @Get('auth/sessions')
  @AllowRoles('owner', 'reseller')
  @ApiOperation({ summary: "The account's live login tokens (revoke one with DELETE /v1/admin/tokens/{id})" })
  async loginSessions(@CurrentPrincipal() principal: Principal) {
    return ok(await this.tokens.listLoginSessions(principal));
  }

  @Post('auth/logout')
  @HttpCode(200)
  @AllowRoles('owner', 'reseller')
  // Giving up the presented token takes no more than holding it.
  @AccountAccess('any-token')
  @ApiOperation({ summary: 'Revoke the presented token' })
  async logout(@CurrentPrincipal() principal: Principal) {
    await this.auth.logout(principal);
    return ok({});
  }

  @Post('tokens')
  @AllowRoles('owner', 'reseller')
  @AccountAccess('recent-sign-in')
  @ApiOperation({
    summary:
      'Create a personal access token (a sign-in of the last RECENT_SIGN_IN_SECONDS); the token is shown only here',
  })
  async createToken(@CurrentActor() actor: Actor, @Body() body: CreateTokenDto) {
    return ok(await this.tokens.createPersonalToken(actor, body));
  }

  @Get('tokens')
  @AllowRoles('owner', 'reseller')
  @ApiOperation({ summary: 'List personal access tokens (never the token itself)' })
  async listTokens(@CurrentPrincipal() principal: Principal, @Query() query: PageQuery) {
    return paged(await this.tokens.listPersonalTokens(principal, pageOffset(query), query.limit), query);
  }

  @Delete('tokens/:tokenId')
  @AllowRoles('owner', 'reseller')
  @ApiOperation({ summary: 'Revoke a token' })
  async revokeToken(@CurrentActor() actor: Actor, @IdParam('tokenId') tokenId: string) {
    await this.tokens.revokeToken(actor, tokenId);
    return ok({});
  }
}
