import {
  CreateWebhookRequest,
  EVENT_NAMES,
  ListDeliveriesQuery as ListDeliveriesShape,
  UpdateWebhookRequest,
  WEBHOOK_DELIVERY_STATUSES,
  WebhookLimits,
  type EventName,
  type WebhookDeliveryStatus,
} from '@latchkey/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiLimit, ApiPage } from '../../common/admin-response.js';

// The rules are the contracts' request shapes' (libs/contracts/src/shapes/webhooks.ts); these add OpenAPI only.

export class CreateWebhookDto extends CreateWebhookRequest {
  @ApiProperty({ example: 'https://example.com/hooks/latchkey', maxLength: WebhookLimits.urlMax })
  declare url: string;

  @ApiProperty({ enum: EVENT_NAMES, isArray: true, description: '`test` cannot be subscribed to' })
  declare events: EventName[];
}

export class UpdateWebhookDto extends UpdateWebhookRequest {
  @ApiPropertyOptional({ maxLength: WebhookLimits.urlMax })
  declare url?: string;

  @ApiPropertyOptional({ enum: EVENT_NAMES, isArray: true })
  declare events?: EventName[];

  @ApiPropertyOptional({ description: 'true turns a disabled webhook back on' })
  declare enabled?: boolean;
}

export class ListDeliveriesQuery extends ListDeliveriesShape {
  @ApiPage()
  declare page: number;

  @ApiLimit()
  declare limit: number;

  @ApiPropertyOptional({ enum: WEBHOOK_DELIVERY_STATUSES })
  declare status?: WebhookDeliveryStatus;
}
