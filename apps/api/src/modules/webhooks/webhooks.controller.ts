import { Body, Delete, Get, HttpCode, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { IdParam } from '../../common/id-param.js';
import { ok, PageQuery, pageOffset, paged } from '../../common/admin-response.js';
import { CurrentActor, type Actor } from '../../common/auth/actor.js';
import { AppScoped, CurrentApp, type OwnedApp, AppCapability } from '../apps/app-access.js';
import { CreateWebhookDto, ListDeliveriesQuery, UpdateWebhookDto } from './webhooks.dto.js';
import { WebhookDeliveriesService } from './webhook-deliveries.service.js';
import { WebhooksService } from './webhooks.service.js';

@ApiTags('webhooks')
@AppScoped('webhooks')
export class WebhooksController {
  constructor(
    private readonly webhooks: WebhooksService,
    private readonly webhookDeliveries: WebhookDeliveriesService,
  ) {}

  @Post()
  @AppCapability('webhooks')
  @ApiOperation({ summary: 'Subscribe a URL to events; the whsec_ secret is shown only here' })
  async create(@CurrentActor() actor: Actor, @CurrentApp() app: OwnedApp, @Body() body: CreateWebhookDto) {
    return ok(await this.webhooks.create(actor, app.id, body));
  }

  @Get()
  @AppCapability('webhooks')
  @ApiOperation({ summary: 'Webhooks of the app, newest first, without secrets' })
  async list(@CurrentApp() app: OwnedApp, @Query() query: PageQuery) {
    return paged(await this.webhooks.list(app.id, pageOffset(query), query.limit), query);
  }

  @Get(':webhookId')
  @AppCapability('webhooks')
  async get(@CurrentApp() app: OwnedApp, @IdParam('webhookId') webhookId: string) {
    return ok(await this.webhooks.get(app.id, webhookId));
  }

  @Patch(':webhookId')
  @AppCapability('webhooks')
  @ApiOperation({ summary: 'Change URL or events; enabled: true turns a disabled webhook back on' })
  async update(
    @CurrentActor() actor: Actor,
    @CurrentApp() app: OwnedApp,
    @IdParam('webhookId') webhookId: string,
    @Body() body: UpdateWebhookDto,
  ) {
    return ok(await this.webhooks.update(actor, app.id, webhookId, body));
  }

  @Delete(':webhookId')
  @AppCapability('webhooks')
  async remove(@CurrentActor() actor: Actor, @CurrentApp() app: OwnedApp, @IdParam('webhookId') webhookId: string) {
    await this.webhooks.remove(actor, app.id, webhookId);
    return ok({});
  }

  @Post(':webhookId/test')
  @AppCapability('webhooks')
  @HttpCode(200)
  @ApiOperation({ summary: 'Queue a `test` event to this webhook' })
  async test(@CurrentActor() actor: Actor, @CurrentApp() app: OwnedApp, @IdParam('webhookId') webhookId: string) {
    return ok(await this.webhooks.test(actor, app.id, webhookId));
  }

  @Get(':webhookId/deliveries')
  @AppCapability('webhooks')
  @ApiOperation({ summary: 'Deliveries to this webhook, newest first, each with its attempts' })
  async deliveries(
    @CurrentApp() app: OwnedApp,
    @IdParam('webhookId') webhookId: string,
    @Query() query: ListDeliveriesQuery,
  ) {
    return paged(await this.webhookDeliveries.list(app.id, webhookId, query), query);
  }

  @Post(':webhookId/deliveries/:deliveryId/retry')
  @AppCapability('webhooks')
  @HttpCode(200)
  @ApiOperation({ summary: 'Send a delivery again now' })
  async retry(
    @CurrentActor() actor: Actor,
    @CurrentApp() app: OwnedApp,
    @IdParam('webhookId') webhookId: string,
    @IdParam('deliveryId') deliveryId: string,
  ) {
    return ok(await this.webhookDeliveries.retry(actor, app.id, webhookId, deliveryId));
  }
}
