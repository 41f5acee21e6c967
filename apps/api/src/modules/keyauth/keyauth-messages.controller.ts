import { Body, Get, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ok } from '../../common/admin-response.js';
import { CurrentActor, type Actor } from '../../common/auth/actor.js';
import { AppCapability, AppScoped, CurrentApp, type OwnedApp } from '../apps/app-access.js';
import { UpdateKeyAuthMessagesDto } from './keyauth-messages.dto.js';
import { KeyAuthMessagesService } from './keyauth-messages.service.js';

/** The messages an app's KeyAuth clients are answered (issue 40); who may change them: as the KeyAuth settings. */
@ApiTags('keyauth')
@AppScoped('keyauth/messages')
export class KeyAuthMessagesController {
  constructor(private readonly messages: KeyAuthMessagesService) {}

  @Get()
  @AppCapability('keyauth')
  @ApiOperation({ summary: "KeyAuth's replaceable messages: every default, and this app's replacements" })
  async get(@CurrentApp() app: OwnedApp) {
    return ok(await this.messages.read(app));
  }

  @Put()
  @AppCapability('keyauth')
  @ApiOperation({
    summary: 'Replace the replaced KeyAuth messages (a name left out, or sent with its default, answers the default)',
  })
  async put(@CurrentActor() actor: Actor, @CurrentApp() app: OwnedApp, @Body() body: UpdateKeyAuthMessagesDto) {
    return ok(await this.messages.save(actor, app, body.overrides));
  }
}
