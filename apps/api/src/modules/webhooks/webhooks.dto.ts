import type {
  CreateWebhookRequest,
  ListDeliveriesQuery as ListDeliveriesContract,
  UpdateWebhookRequest,
} from '@latchkey/contracts';
import {
  EVENT_NAMES,
  FieldMessage,
  WEBHOOK_DELIVERY_STATUSES,
  WebhookLimits,
  type EventName,
  type WebhookDeliveryStatus,
} from '@latchkey/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayNotEmpty, IsArray, IsBoolean, IsIn, IsString, IsUrl, MaxLength } from 'class-validator';
import { Optional } from '../../common/input/optional-field.js';
import { PageQuery } from '../../common/admin-response.js';

const URL_OPTIONS = { protocols: ['http', 'https'], require_protocol: true, require_tld: false };
const URL_MESSAGE = FieldMessage.httpUrl('url');
const EVENTS_MESSAGE = FieldMessage.nonEmptyListOf('events', EVENT_NAMES);

export class CreateWebhookDto implements CreateWebhookRequest {
  @ApiProperty({ example: 'https://example.com/hooks/latchkey', maxLength: WebhookLimits.urlMax })
  @MaxLength(WebhookLimits.urlMax, { message: FieldMessage.atMost('url', WebhookLimits.urlMax) })
  @IsUrl(URL_OPTIONS, { message: URL_MESSAGE })
  @IsString({ message: FieldMessage.string('url') })
  url: string;

  @ApiProperty({ enum: EVENT_NAMES, isArray: true, description: '`test` cannot be subscribed to' })
  @IsIn(EVENT_NAMES, { each: true, message: EVENTS_MESSAGE })
  @ArrayNotEmpty({ message: EVENTS_MESSAGE })
  @IsArray({ message: EVENTS_MESSAGE })
  events: EventName[];
}

export class UpdateWebhookDto implements UpdateWebhookRequest {
  @ApiPropertyOptional({ maxLength: WebhookLimits.urlMax })
  @Optional()
  @MaxLength(WebhookLimits.urlMax, { message: FieldMessage.atMost('url', WebhookLimits.urlMax) })
  @IsUrl(URL_OPTIONS, { message: URL_MESSAGE })
  @IsString({ message: FieldMessage.string('url') })
  url?: string;

  @ApiPropertyOptional({ enum: EVENT_NAMES, isArray: true })
  @Optional()
  @IsIn(EVENT_NAMES, { each: true, message: EVENTS_MESSAGE })
  @ArrayNotEmpty({ message: EVENTS_MESSAGE })
  @IsArray({ message: EVENTS_MESSAGE })
  events?: EventName[];

  @ApiPropertyOptional({ description: 'true turns a disabled webhook back on' })
  @Optional()
  @IsBoolean({ message: FieldMessage.boolean('enabled') })
  enabled?: boolean;
}

export class ListDeliveriesQuery extends PageQuery implements ListDeliveriesContract {
  @ApiPropertyOptional({ enum: WEBHOOK_DELIVERY_STATUSES })
  @Optional()
  @IsIn(WEBHOOK_DELIVERY_STATUSES, { message: FieldMessage.oneOf('status', WEBHOOK_DELIVERY_STATUSES) })
  status?: WebhookDeliveryStatus;
}
