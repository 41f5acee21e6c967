import { WEBHOOK_USER_AGENT, type DeliveredEventName } from '@latchkey/contracts';
import { isDiscordWebhookUrl } from '@latchkey/contracts';
import { discordDeliveryUrl, discordMessage, orderedEntries } from './discord.js';
import { signWebhook } from './signature.js';

/** What a delivery attempt sends, fully built. */
export interface DeliveryRequest {
  url: URL;
  body: string;
  headers: Record<string, string>;
  /** The URL is a Discord webhook: the body is a Discord message and Discord's status rules apply. */
  discord: boolean;
}

export interface DeliveryInput {
  deliveryId: string;
  url: string;
  secret: string;
  event: DeliveredEventName;
  data: Record<string, unknown>;
  /** When the event happened: the envelope's `timestamp`, the same on every attempt. */
  occurredAt: Date;
}

/**
 * The request of one attempt. The body depends only on the delivery, so it
 * is byte-for-byte the same on every retry; `webhook-timestamp` is the time
 * of the attempt, as Standard Webhooks receivers reject signatures older
 * than a few minutes.
 */
export function buildDeliveryRequest(input: DeliveryInput, discordOrigin: string, now = new Date()): DeliveryRequest {
  const target = new URL(input.url);
  const discord = isDiscordWebhookUrl(target);
  const timestamp = input.occurredAt.toISOString();
  const body = JSON.stringify(
    discord
      ? discordMessage(input.event, timestamp, input.data)
      : { event: input.event, timestamp, data: Object.fromEntries(orderedEntries(input.event, input.data)) },
  );
  const attemptSeconds = Math.floor(now.getTime() / 1000);
  return {
    url: discord ? discordDeliveryUrl(target, discordOrigin) : target,
    body,
    discord,
    headers: {
      'content-type': 'application/json',
      'user-agent': WEBHOOK_USER_AGENT,
      'x-webhook-secret': input.secret,
      'x-webhook-event': input.event,
      'webhook-id': input.deliveryId,
      'webhook-timestamp': String(attemptSeconds),
      'webhook-signature': signWebhook(input.secret, input.deliveryId, attemptSeconds, body),
    },
  };
}
