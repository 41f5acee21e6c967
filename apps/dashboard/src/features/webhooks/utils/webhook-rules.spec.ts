import { describe, expect, it } from '@jest/globals';
import { isDiscordUrl } from './webhook-rules';

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
