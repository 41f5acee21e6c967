import { HttpCode, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ok } from '../../common/admin-response.js';
import { CurrentActor, type Actor } from '../../common/auth/actor.js';
import { IdParam } from '../../common/id-param.js';
import { AppCapability, AppScoped, CurrentApp, type OwnedApp } from '../apps/app-access.js';
import { OrderEmail } from './order-email.js';
import { OrderPageService } from './order-page.service.js';

/** The console's part in delivery: send an order's email again, copy its page link (owner and admin). */
@ApiTags('store')
@AppScoped('store')
export class OrderDeliveryController {
  constructor(
    private readonly email: OrderEmail,
    private readonly pages: OrderPageService,
  ) {}

  @Post('orders/:orderId/email')
  @AppCapability('store')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Send the order’s email again, with all its attempts; 409 without SMTP_URL or a buyer email',
  })
  async resendEmail(@CurrentActor() actor: Actor, @CurrentApp() app: OwnedApp, @IdParam('orderId') orderId: string) {
    await this.email.resend(actor, app.id, orderId);
    return ok({});
  }

  @Post('orders/:orderId/link')
  @AppCapability('store')
  @HttpCode(200)
  @ApiOperation({ summary: 'A signed link to the buyer’s order page, valid ORDER_LINK_TTL_SECONDS (24 h)' })
  async link(
    @CurrentActor() actor: Actor,
    @CurrentApp() app: OwnedApp,
    @IdParam('orderId') orderId: string,
    @Req() request: FastifyRequest,
  ) {
    const origin = request.host ? `${request.protocol}://${request.host}` : null;
    return ok(await this.pages.link(actor, app.id, orderId, origin));
  }
}
