import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { AppsModule } from '../apps/apps.module.js';
import { MailModule } from '../mail/mail.module.js';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';
import { OrderDeliveryController } from './order-delivery.controller.js';
import { OrderEmail } from './order-email.js';
import { OrderLinks } from './order-links.js';
import { OrderPageController } from './order-page.controller.js';
import { OrderPageService } from './order-page.service.js';
import { StoreController } from './store.controller.js';
import { StoreConnectionsService } from './store-connections.service.js';
import { StoreFulfilment } from './store-fulfilment.js';
import { StoreOrderChanges } from './store-order-changes.js';
import { StoreOrdersService } from './store-orders.service.js';
import { StoreReceiverEndpoint } from './store-receiver.endpoint.js';

/**
 * Selling keys through stores (issue 42, docs/selling.md): connections and
 * product mappings, orders and received events in the console, and the public
 * receiver `POST /store/webhooks/{connectionId}` that main.ts serves on a
 * Fastify instance of its own (store-receiver-server.ts). Stores plug in
 * through connectors/index.ts.
 */
@Module({
  imports: [AccountsModule, AppsModule, MailModule, RateLimitModule],
  controllers: [StoreController, OrderDeliveryController, OrderPageController],
  providers: [
    StoreConnectionsService,
    StoreOrdersService,
    StoreFulfilment,
    StoreOrderChanges,
    StoreReceiverEndpoint,
    OrderEmail,
    OrderLinks,
    OrderPageService,
  ],
  exports: [OrderEmail],
})
export class StoreModule {}
