import { EVENT_DATA_FIELDS, type DeliveredEventName } from '@latchkey/contracts';

/** The same webhook path and query (e.g. `thread_id`) on `origin`: Discord itself, or a stand-in in tests. */
export function discordDeliveryUrl(url: URL, origin: string): URL {
  return new URL(url.pathname + url.search, origin);
}

export const DISCORD_COLORS = {
  green: 0x57f287,
  red: 0xed4245,
  blue: 0x3498db,
  yellow: 0xfee75c,
} as const;

const EVENT_COLORS: Partial<Record<DeliveredEventName, number>> = {
  'user.login': DISCORD_COLORS.green,
  'session.create': DISCORD_COLORS.green,
  'user.ban': DISCORD_COLORS.red,
  'license.expire': DISCORD_COLORS.red,
  'user.register': DISCORD_COLORS.blue,
};

/** Discord's embed limits (message resource, "Embed Limits"); over them Discord answers 400. */
export const EMBED_LIMITS = { title: 256, fields: 25, fieldName: 256, fieldValue: 1024, total: 6000 } as const;

export interface DiscordEmbedField {
  name: string;
  value: string;
  inline: boolean;
}
export interface DiscordMessage {
  embeds: [{ title: string; color: number; timestamp: string; fields: DiscordEmbedField[] }];
  allowed_mentions: { parse: [] };
}

/**
 * One embed per event: title = event name, one field per data field in the
 * documented order, the event time as `timestamp`, and no mentions, so data
 * such as a username cannot ping anyone.
 */
export function discordMessage(
  event: DeliveredEventName,
  timestamp: string,
  data: Record<string, unknown>,
): DiscordMessage {
  const fields = orderedEntries(event, data)
    .slice(0, EMBED_LIMITS.fields)
    .map(([name, value]) => ({
      name: truncate(name, EMBED_LIMITS.fieldName),
      value: truncate(fieldText(value), EMBED_LIMITS.fieldValue),
      inline: true,
    }));
  const title = truncate(event, EMBED_LIMITS.title);
  fitTotal(title, fields);
  return {
    embeds: [{ title, color: EVENT_COLORS[event] ?? DISCORD_COLORS.yellow, timestamp, fields }],
    allowed_mentions: { parse: [] },
  };
}

/** The data's entries, documented fields first in their order, then any others. */
export function orderedEntries(event: DeliveredEventName, data: Record<string, unknown>): Array<[string, unknown]> {
  const known: readonly string[] = EVENT_DATA_FIELDS[event] ?? [];
  const first = known.filter((key) => key in data);
  const rest = Object.keys(data).filter((key) => !known.includes(key));
  return [...first, ...rest].map((key) => [key, data[key]]);
}

/** Discord rejects empty field values, so null and empty strings get a visible placeholder. */
function fieldText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function truncate(text: string, max: number): string {
  const trimmed = text.trim();
  if (trimmed.length <= max) return trimmed || '-';
  return `${trimmed.slice(0, max - 1)}…`;
}

/**
 * Shortens the longest values until title, names and values together fit
 * Discord's total; should names alone be too long, drops fields from the end.
 */
function fitTotal(title: string, fields: DiscordEmbedField[]): void {
  const size = () => fields.reduce((sum, f) => sum + f.name.length + f.value.length, title.length);
  for (let excess = size() - EMBED_LIMITS.total; excess > 0; excess = size() - EMBED_LIMITS.total) {
    const longest = fields.reduce((a, b) => (b.value.length > a.value.length ? b : a));
    if (longest.value.length <= 1) fields.pop();
    else longest.value = truncate(longest.value, Math.max(1, longest.value.length - excess));
  }
}
