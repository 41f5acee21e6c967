import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { AppsModule } from '../apps/apps.module.js';
import { WebhooksController } from './webhooks.controller.js';
import { WebhookDeliveriesService } from './webhook-deliveries.service.js';
import { WebhooksService } from './webhooks.service.js';

/** The admin side of webhooks (HTTP process). Deliveries are sent by WebhookWorkerModule. */
@Module({
  imports: [AccountsModule, AppsModule],
  controllers: [WebhooksController],
  providers: [WebhooksService, WebhookDeliveriesService],
})
export class WebhooksModule {}
