import { Module } from '@nestjs/common';
import { DeliverySender } from './delivery-sender.js';
import { DeliverySweeper } from './delivery-sweeper.js';
import { DeliveryProcessor } from './delivery.processor.js';

/** The worker side of webhooks: the delivery processor and the sweeper. Never in the HTTP process. */
@Module({ providers: [DeliverySender, DeliveryProcessor, DeliverySweeper] })
export class WebhookWorkerModule {}
