import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ok } from '../../common/admin-response.js';
import { OrderPageService } from './order-page.service.js';

/** Seconds between the "processing" page's reloads while the store's event is on its way. */
const PROCESSING_REFRESH_SECONDS = 3;

/** The page a return shows until the order exists: it reloads itself, no script needed. */
const PROCESSING_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${PROCESSING_REFRESH_SECONDS}">
<title>Processing your order</title></head>
<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:20vh auto;padding:0 1.5rem;text-align:center">
<h1 style="font-size:1.4rem">Processing your order…</h1>
<p>Your payment went through. Your keys appear here in a few seconds.</p>
</body></html>`;

/**
 * Public, no sign-in: the buyer's order page data behind a signed link
 * (`/order/{token}` in the dashboard reads it), and the store's return
 * redirect. Both rate limited per IP (ORDER_PAGE_RATE_LIMIT_PER_MINUTE);
 * tokens never reach the log (common/logging.ts redacts `:token` and the
 * query's values).
 */
@ApiTags('store')
@Controller('store')
export class OrderPageController {
  constructor(private readonly pages: OrderPageService) {}

  @Get('orders/:token')
  @ApiOperation({ summary: 'The buyer’s order page: app, product, keys, status; 404 for a bad or expired link' })
  async page(
    @Param('token') token: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    reply.header('cache-control', 'no-store');
    reply.header('referrer-policy', 'no-referrer');
    return ok(await this.pages.page(token, request.ip));
  }

  @Get('return/:connectionId')
  @ApiOperation({
    summary:
      'Where a store sends the buyer after checkout (`?order=` the store’s unguessable id, Stripe’s {CHECKOUT_SESSION_ID}): ' +
      'a redirect to the order page once the order exists, a page that reloads until then',
  })
  async storeReturn(
    @Param('connectionId') connectionId: string,
    @Query('order') order: unknown,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const origin = request.host ? `${request.protocol}://${request.host}` : null;
    const target = await this.pages.returnTarget(connectionId, order, request.ip, origin);
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    if ('url' in target) return void reply.status(303).header('location', target.url).send();
    return void reply.status(200).header('content-type', 'text/html; charset=utf-8').send(PROCESSING_PAGE);
  }
}
