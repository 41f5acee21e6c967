import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ok, PageQuery, pageOffset, paged } from '../../common/admin-response.js';
import { AccessTokenGuard } from '../../common/auth/access-token.guard.js';
import { CurrentPrincipal, type Principal } from '../../common/auth/principal.js';
import { CurrentActor, type Actor } from '../../common/auth/actor.js';
import { CreateWebhookDto, ListDeliveriesQuery, UpdateWebhookDto } from './webhooks.dto.js';
import { WebhooksService } from './webhooks.service.js';

@ApiTags('webhooks')
@ApiBearerAuth()
@UseGuards(AccessTokenGuard)
@Controller('v1/admin/apps/:appId/webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Post()
  @ApiOperation({ summary: 'Subscribe a URL to events; the whsec_ secret is shown only here' })
  async create(@CurrentActor() actor: Actor, @Param('appId') appId: string, @Body() body: CreateWebhookDto) {
    return ok(await this.webhooks.create(actor, appId, body));
  }

  @Get()
  @ApiOperation({ summary: 'Webhooks of the app, newest first, without secrets' })
  async list(@CurrentPrincipal() principal: Principal, @Param('appId') appId: string, @Query() query: PageQuery) {
    const { items, total } = await this.webhooks.list(principal, appId, pageOffset(query), query.limit);
    return paged(items, { page: query.page, limit: query.limit, total });
  }

  @Get(':webhookId')
  async get(
    @CurrentPrincipal() principal: Principal,
    @Param('appId') appId: string,
    @Param('webhookId') webhookId: string,
  ) {
    return ok(await this.webhooks.get(principal, appId, webhookId));
  }

  @Patch(':webhookId')
  @ApiOperation({ summary: 'Change URL or events; enabled: true turns a disabled webhook back on' })
  async update(
    @CurrentActor() actor: Actor,
    @Param('appId') appId: string,
    @Param('webhookId') webhookId: string,
    @Body() body: UpdateWebhookDto,
  ) {
    return ok(await this.webhooks.update(actor, appId, webhookId, body));
  }

  @Delete(':webhookId')
  async remove(@CurrentActor() actor: Actor, @Param('appId') appId: string, @Param('webhookId') webhookId: string) {
    await this.webhooks.remove(actor, appId, webhookId);
    return ok({});
  }

  @Post(':webhookId/test')
  @HttpCode(200)
  @ApiOperation({ summary: 'Queue a `test` event to this webhook' })
  async test(@CurrentActor() actor: Actor, @Param('appId') appId: string, @Param('webhookId') webhookId: string) {
    return ok(await this.webhooks.test(actor, appId, webhookId));
  }

  @Get(':webhookId/deliveries')
  @ApiOperation({ summary: 'Deliveries to this webhook, newest first, each with its attempts' })
  async deliveries(
    @CurrentPrincipal() principal: Principal,
    @Param('appId') appId: string,
    @Param('webhookId') webhookId: string,
    @Query() query: ListDeliveriesQuery,
  ) {
    const { items, total } = await this.webhooks.deliveries(principal, appId, webhookId, query);
    return paged(items, { page: query.page, limit: query.limit, total });
  }

  @Post(':webhookId/deliveries/:deliveryId/retry')
  @HttpCode(200)
  @ApiOperation({ summary: 'Send a delivery again now' })
  async retry(
    @CurrentActor() actor: Actor,
    @Param('appId') appId: string,
    @Param('webhookId') webhookId: string,
    @Param('deliveryId') deliveryId: string,
  ) {
    return ok(await this.webhooks.retry(actor, appId, webhookId, deliveryId));
  }
}
