/** Hosts that serve Discord's webhook API, stable and test channels, old and new domain. */
const DISCORD_HOSTS = new Set([
  'discord.com',
  'ptb.discord.com',
  'canary.discord.com',
  'discordapp.com',
  'ptb.discordapp.com',
  'canary.discordapp.com',
]);
/** `/api[/vN]/webhooks/{snowflake id}/{token}` */
const DISCORD_WEBHOOK_PATH = /^\/api(?:\/v\d+)?\/webhooks\/\d+\/[\w-]+\/?$/;

/** The parts of a parsed URL the check reads: a WHATWG `URL` has them (this package declares no DOM or Node types). */
export interface ParsedUrlParts {
  protocol: string;
  hostname: string;
  pathname: string;
}

/**
 * A Discord webhook URL: its deliveries are Discord messages with one embed,
 * and Discord's status rules apply (contract, "Webhooks").
 */
export function isDiscordWebhookUrl(url: ParsedUrlParts): boolean {
  return url.protocol === 'https:' && DISCORD_HOSTS.has(url.hostname) && DISCORD_WEBHOOK_PATH.test(url.pathname);
}
