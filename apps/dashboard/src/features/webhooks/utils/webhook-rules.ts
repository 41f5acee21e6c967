// What the webhook form knows about the contract: the events one can
// subscribe to, what each means, the URL rules checked before sending, and
// which URLs get Discord messages instead of the JSON envelope.
import type { EventName, WebhookDeliveryStatus } from '@latchkey/contracts';
import type { BadgeTone } from '@/components/ui/status-badge';

/** The API's limit on `url` (webhooks.dto.ts). */
export const WEBHOOK_URL_MAX = 2048;

export const EVENT_DESCRIPTIONS: Record<EventName, string> = {
  'user.login': 'A user signed in',
  'user.register': 'A user registered with a license key',
  'user.ban': 'A user was banned',
  'license.activate': 'A license key was redeemed',
  'license.expire': 'A license ran out',
  'license.delete': 'A license key was deleted',
  'file.download': 'A user downloaded a file',
  'session.create': 'A session started',
};

/** `true`, or the message the API would answer for this URL (it also refuses private addresses and credentials). */
export function checkWebhookUrl(value: string): true | string {
  const text = value.trim();
  if (text.length > WEBHOOK_URL_MAX) return `url must be at most ${WEBHOOK_URL_MAX} characters`;
  try {
    const url = new URL(text);
    if (url.protocol === 'http:' || url.protocol === 'https:') return true;
  } catch {
    // falls through to the message
  }
  return 'url must be an http or https URL';
}

const DISCORD_HOSTS = new Set([
  'discord.com',
  'ptb.discord.com',
  'canary.discord.com',
  'discordapp.com',
  'ptb.discordapp.com',
  'canary.discordapp.com',
]);
/** `/api[/vN]/webhooks/{snowflake id}/{token}`, as the API matches it (discord.ts). */
const DISCORD_WEBHOOK_PATH = /^\/api(?:\/v\d+)?\/webhooks\/\d+\/[\w-]+\/?$/;

/** Discord webhook URLs get a Discord message with one embed (contract, "Webhooks"). */
export function isDiscordUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && DISCORD_HOSTS.has(url.hostname) && DISCORD_WEBHOOK_PATH.test(url.pathname);
  } catch {
    return false;
  }
}

export const DELIVERY_STATUS_BADGES: Record<WebhookDeliveryStatus, { tone: BadgeTone; label: string }> = {
  pending: { tone: 'warning', label: 'Pending' },
  succeeded: { tone: 'success', label: 'Succeeded' },
  failed: { tone: 'danger', label: 'Failed' },
};
