// What the webhook form knows about the contract: the events one can
// subscribe to, what each means, and which URLs get Discord messages instead
// of the JSON envelope. The URL's rules are the contracts' request shapes'.
import { type EventName, isDiscordWebhookUrl, type WebhookDeliveryStatus, WebhookLimits } from '@latchkey/contracts';
import type { BadgeTone } from '@/components/ui/status-badge';

export const WEBHOOK_URL_MAX = WebhookLimits.urlMax;

export const EVENT_DESCRIPTIONS: Record<EventName, string> = {
  'user.login': 'A user signed in',
  'user.register': 'A user registered with a license key',
  'user.ban': 'A user was banned',
  'license.activate': 'A license key was redeemed',
  'license.expire': 'A license ran out',
  'license.delete': 'A license key was deleted',
  'file.download': 'A user downloaded a file',
  'session.create': 'A session started',
  'order.fulfilled': 'A store order was paid and its keys made',
  'order.refunded': 'A store order was refunded or charged back: its keys are banned',
  'order.renewed': 'A store subscription renewed: its keys run longer',
  'order.cancelled': 'A store subscription was cancelled: its keys end at the period end',
};

/** Discord webhook URLs get a Discord message with one embed; a text that is no URL is not one. */
export function isDiscordUrl(value: string): boolean {
  try {
    return isDiscordWebhookUrl(new URL(value));
  } catch {
    return false;
  }
}

export const DELIVERY_STATUS_BADGES: Record<WebhookDeliveryStatus, { tone: BadgeTone; label: string }> = {
  pending: { tone: 'warning', label: 'Pending' },
  succeeded: { tone: 'success', label: 'Succeeded' },
  failed: { tone: 'danger', label: 'Failed' },
};
