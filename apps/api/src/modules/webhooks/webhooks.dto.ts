import type {
  CreateWebhookRequest,
  ListDeliveriesQuery as ListDeliveriesContract,
  UpdateWebhookRequest,
} from '@latchkey/contracts';
import {
  EVENT_NAMES,
  WEBHOOK_DELIVERY_STATUSES,
  type EventName,
  type WebhookDeliveryStatus,
} from '@latchkey/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayNotEmpty, IsArray, IsBoolean, IsIn, IsString, IsUrl, MaxLength } from 'class-validator';
import { Optional } from '../../common/input/optional-field.js';
import { PageQuery } from '../../common/admin-response.js';

const URL_OPTIONS = { protocols: ['http', 'https'], require_protocol: true, require_tld: false };
const URL_MESSAGE = 'url must be an http or https URL';
const EVENTS_MESSAGE = `events must be a non-empty list of: ${EVENT_NAMES.join(', ')}`;

export class CreateWebhookDto implements CreateWebhookRequest {
  @ApiProperty({ example: 'https://example.com/hooks/latchkey', maxLength: 2048 })
  @MaxLength(2048, { message: 'url must be at most 2048 characters' })
  @IsUrl(URL_OPTIONS, { message: URL_MESSAGE })
  @IsString({ message: 'url must be a string' })
  url: string;

  @ApiProperty({ enum: EVENT_NAMES, isArray: true, description: '`test` cannot be subscribed to' })
  @IsIn(EVENT_NAMES, { each: true, message: EVENTS_MESSAGE })
  @ArrayNotEmpty({ message: EVENTS_MESSAGE })
  @IsArray({ message: EVENTS_MESSAGE })
  events: EventName[];
}

export class UpdateWebhookDto implements UpdateWebhookRequest {
  @ApiPropertyOptional({ maxLength: 2048 })
  @Optional()
  @MaxLength(2048, { message: 'url must be at most 2048 characters' })
  @IsUrl(URL_OPTIONS, { message: URL_MESSAGE })
  @IsString({ message: 'url must be a string' })
  url?: string;

  @ApiPropertyOptional({ enum: EVENT_NAMES, isArray: true })
  @Optional()
  @IsIn(EVENT_NAMES, { each: true, message: EVENTS_MESSAGE })
  @ArrayNotEmpty({ message: EVENTS_MESSAGE })
  @IsArray({ message: EVENTS_MESSAGE })
  events?: EventName[];

  @ApiPropertyOptional({ description: 'true turns a disabled webhook back on' })
  @Optional()
  @IsBoolean({ message: 'enabled must be a boolean' })
  enabled?: boolean;
}

export class ListDeliveriesQuery extends PageQuery implements ListDeliveriesContract {
  @ApiPropertyOptional({ enum: WEBHOOK_DELIVERY_STATUSES })
  @Optional()
  @IsIn(WEBHOOK_DELIVERY_STATUSES, { message: `status must be one of ${WEBHOOK_DELIVERY_STATUSES.join(', ')}` })
  status?: WebhookDeliveryStatus;
}
