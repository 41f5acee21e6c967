import { ArrayNotEmpty, IsArray, IsBoolean, IsIn, IsString, IsUrl, MaxLength } from 'class-validator';
import {
  EVENT_NAMES,
  WEBHOOK_DELIVERY_STATUSES,
  WebhookLimits,
  type EventName,
  type WebhookDeliveryStatus,
} from '../events.js';
import { FieldMessage } from '../field-messages.js';
import { HTTP_URL_OPTIONS, Optional, allOf } from './fields.js';
import { ListQuery } from './paging.js';

/*
 * Request shapes of an app's webhooks: the one declaration of their rules.
 * The API's DTOs (apps/api/src/modules/webhooks) extend these with OpenAPI
 * only, and the dashboard's webhook form validates with them too. The API's
 * service then refuses a URL with credentials or a host that resolves to a
 * private address, which only the server can tell.
 */

const EVENTS_MESSAGE = FieldMessage.nonEmptyListOf('events', EVENT_NAMES);

// Each field's rules, once for both requests.
const url = allOf(
  IsString({ message: FieldMessage.string('url') }),
  IsUrl(HTTP_URL_OPTIONS, { message: FieldMessage.httpUrl('url') }),
  MaxLength(WebhookLimits.urlMax, { message: FieldMessage.atMost('url', WebhookLimits.urlMax) }),
);
const events = allOf(
  IsArray({ message: EVENTS_MESSAGE }),
  ArrayNotEmpty({ message: EVENTS_MESSAGE }),
  IsIn(EVENT_NAMES, { each: true, message: EVENTS_MESSAGE }),
);

/** `POST .../webhooks`. */
export class CreateWebhookRequest {
  /** http or https */
  @url
  url!: string;

  /** A non-empty subset of EVENT_NAMES (`test` cannot be subscribed to). */
  @events
  events!: EventName[];
}

/** `PATCH .../webhooks/{webhookId}`: only what is sent changes. */
export class UpdateWebhookRequest {
  @Optional()
  @url
  url?: string;

  @Optional()
  @events
  events?: EventName[];

  /** true turns a disabled webhook back on. */
  @Optional()
  @IsBoolean({ message: FieldMessage.boolean('enabled') })
  enabled?: boolean;
}

/** `GET .../webhooks/{webhookId}/deliveries`: paging, and optionally one status. */
export class ListDeliveriesQuery extends ListQuery {
  @Optional()
  @IsIn(WEBHOOK_DELIVERY_STATUSES, { message: FieldMessage.oneOf('status', WEBHOOK_DELIVERY_STATUSES) })
  status?: WebhookDeliveryStatus;
}
