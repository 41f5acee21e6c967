import { Module } from '@nestjs/common';
import { DeliverySender } from './delivery-sender.js';
import { DeliverySweeper } from './delivery-sweeper.js';
import { DeliveryProcessor } from './delivery.processor.js';
import { WebhookQueueMetrics } from './webhook-metrics.js';

/** The worker side of webhooks: the delivery processor, the sweeper and the queue's metrics. Never in the HTTP process. */
@Module({ providers: [DeliverySender, DeliveryProcessor, DeliverySweeper, WebhookQueueMetrics] })
export class WebhookWorkerModule {}
