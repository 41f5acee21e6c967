import { Body, Delete, Get, HttpCode, Post, Put, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ok } from '../../common/admin-response.js';
import { CurrentActor, type Actor } from '../../common/auth/actor.js';
import { AppScoped, CurrentApp, type OwnedApp, AppCapability } from '../apps/app-access.js';
import { SetKeyAuthSecretDto, UpdateKeyAuthSettingsDto } from './keyauth-settings.dto.js';
import { KeyAuthSettingsService } from './keyauth-settings.service.js';
import { SellerKeyService } from './seller-key.service.js';

/** Scheme and host the owner reached the API at, for the endpoint URLs when PUBLIC_URL is not set. */
function originOf(request: FastifyRequest): string | null {
  return request.host ? `${request.protocol}://${request.host}` : null;
}

/** An app's KeyAuth compatibility settings (owners only, like the app's other settings). */
@ApiTags('keyauth')
@AppScoped('keyauth')
export class KeyAuthSettingsController {
  constructor(
    private readonly settings: KeyAuthSettingsService,
    private readonly sellerKeys: SellerKeyService,
  ) {}

  @Get()
  @AppCapability('keyauth')
  @ApiOperation({ summary: 'KeyAuth compatibility settings; made with their defaults (off) on the first read' })
  async get(@CurrentApp() app: OwnedApp, @Req() request: FastifyRequest) {
    return ok(await this.settings.read(app, originOf(request)));
  }

  @Put()
  @AppCapability('keyauth')
  @ApiOperation({
    summary: 'Replace the KeyAuth compatibility settings; 409 when another app uses the ownerId and name',
  })
  async put(
    @CurrentActor() actor: Actor,
    @CurrentApp() app: OwnedApp,
    @Body() body: UpdateKeyAuthSettingsDto,
    @Req() request: FastifyRequest,
  ) {
    return ok(await this.settings.save(actor, app, body, originOf(request)));
  }

  @Post('secret')
  @AppCapability('keyauth')
  @HttpCode(200)
  @ApiOperation({ summary: 'Set the 1.2 secret to the one given, or to a new random one' })
  async setSecret(@CurrentActor() actor: Actor, @CurrentApp() app: OwnedApp, @Body() body: SetKeyAuthSecretDto) {
    return ok(await this.settings.setSecret(actor, app, body.secret));
  }

  @Post('secret/reveal')
  @AppCapability('keyauth')
  @HttpCode(200)
  @ApiOperation({ summary: 'The 1.2 secret in the clear (a POST, so it is audited and never cached)' })
  async revealSecret(@CurrentActor() actor: Actor, @CurrentApp() app: OwnedApp) {
    return ok(await this.settings.revealSecret(actor, app));
  }

  @Get('seller-key')
  @AppCapability('keyauth')
  @ApiOperation({ summary: 'Whether the app has a KeyAuth seller key, when it was made and last used (never the key)' })
  async sellerKey(@CurrentApp() app: OwnedApp, @Req() request: FastifyRequest) {
    return ok(await this.sellerKeys.status(app, originOf(request)));
  }

  @Post('seller-key')
  @AppCapability('keyauth')
  @HttpCode(200)
  @ApiOperation({
    summary: 'A new seller key, answered once (`sellerKey`); the previous one stops working at once',
  })
  async rotateSellerKey(@CurrentActor() actor: Actor, @CurrentApp() app: OwnedApp, @Req() request: FastifyRequest) {
    return ok(await this.sellerKeys.rotate(actor, app, originOf(request)));
  }

  @Delete('seller-key')
  @AppCapability('keyauth')
  @ApiOperation({ summary: 'Revoke the seller key (idempotent): seller calls are refused until a new one is made' })
  async revokeSellerKey(@CurrentActor() actor: Actor, @CurrentApp() app: OwnedApp, @Req() request: FastifyRequest) {
    return ok(await this.sellerKeys.revoke(actor, app, originOf(request)));
  }
}
