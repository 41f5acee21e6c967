import { Body, Get, Patch } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ok } from '../../common/admin-response.js';
import { CurrentActor, type Actor } from '../../common/auth/actor.js';
import { AppCapability, AppScoped, CurrentApp, type OwnedApp } from '../apps/app-access.js';
import { UpdatePortalSettingsDto } from './portal.dto.js';
import { PortalSettingsService } from './portal-settings.service.js';

@ApiTags('portal')
@AppScoped('portal')
export class PortalSettingsController {
  constructor(private readonly settings: PortalSettingsService) {}

  @Get()
  @AppCapability('portal.read')
  @ApiOperation({ summary: "The customer portal's settings (made with their defaults, off, on first read)" })
  async get(@CurrentApp() app: OwnedApp) {
    return ok(await this.settings.get(app.id));
  }

  @Patch()
  @AppCapability('settings')
  @ApiOperation({
    summary: "Change the customer portal's settings: on or off, branding, sign-in methods, HWID reset policy",
  })
  async update(@CurrentActor() actor: Actor, @CurrentApp() app: OwnedApp, @Body() body: UpdatePortalSettingsDto) {
    return ok(await this.settings.update(actor, app.id, body));
  }
}
