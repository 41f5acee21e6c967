import { describe, expect, it } from '@jest/globals';
import { checkWebhookUrl, isDiscordUrl, WEBHOOK_URL_MAX } from './webhook-rules';

describe('checkWebhookUrl', () => {
  it("accepts http and https URLs and refuses the rest in the API's words", () => {
    expect(checkWebhookUrl(' https://example.com/hook ')).toBe(true);
    expect(checkWebhookUrl('http://example.com')).toBe(true);
    expect(checkWebhookUrl('ftp://example.com')).toBe('url must be an http or https URL');
    expect(checkWebhookUrl('not a url')).toBe('url must be an http or https URL');
    expect(checkWebhookUrl(`https://example.com/${'a'.repeat(WEBHOOK_URL_MAX)}`)).toBe(
      `url must be at most ${WEBHOOK_URL_MAX} characters`,
    );
  });
});

describe('isDiscordUrl', () => {
  it('knows Discord webhook URLs as the API matches them', () => {
    expect(isDiscordUrl('https://discord.com/api/webhooks/123/abc-DEF_1')).toBe(true);
    expect(isDiscordUrl('https://canary.discordapp.com/api/v10/webhooks/123/token/')).toBe(true);
    expect(isDiscordUrl('http://discord.com/api/webhooks/123/abc')).toBe(false);
    expect(isDiscordUrl('https://discord.com.evil.example/api/webhooks/123/abc')).toBe(false);
    expect(isDiscordUrl('https://discord.com/api/webhooks/abc/def')).toBe(false);
    expect(isDiscordUrl('nope')).toBe(false);
  });
});
