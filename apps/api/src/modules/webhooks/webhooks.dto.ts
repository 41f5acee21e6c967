import type { ListDeliveriesQuery as ListDeliveriesContract } from '@latchkey/contracts';
import {
  CreateWebhookRequest,
  EVENT_NAMES,
  FieldMessage,
  UpdateWebhookRequest,
  WEBHOOK_DELIVERY_STATUSES,
  WebhookLimits,
  type EventName,
  type WebhookDeliveryStatus,
} from '@latchkey/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { Optional } from '../../common/input/optional-field.js';
import { PageQuery } from '../../common/admin-response.js';

// The bodies' rules are the contracts' request shapes' (libs/contracts/src/shapes/webhooks.ts); these add
// OpenAPI only. The deliveries query keeps its rule here: it extends PageQuery, which is not a shape yet.

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

export class ListDeliveriesQuery extends PageQuery implements ListDeliveriesContract {
  @ApiPropertyOptional({ enum: WEBHOOK_DELIVERY_STATUSES })
  @Optional()
  @IsIn(WEBHOOK_DELIVERY_STATUSES, { message: FieldMessage.oneOf('status', WEBHOOK_DELIVERY_STATUSES) })
  status?: WebhookDeliveryStatus;
}
