import { describe, expect, it } from '@jest/globals';
import {
  BlacklistValueMessage,
  csvCell,
  FieldMessage,
  isDiscordWebhookUrl,
  PREFIX_MESSAGE,
  USERNAME_MESSAGE,
  VariableMessage,
} from '@latchkey/contracts';

// Pure rules of @latchkey/contracts that the API and the dashboard both apply
// (the package has no test runner of its own).

describe('isDiscordWebhookUrl', () => {
  it.each([
    ['https://discord.com/api/webhooks/123456789012345678/tok-en_X', true],
    ['https://discordapp.com/api/webhooks/123456789012345678/token', true],
    ['https://ptb.discord.com/api/webhooks/123456789012345678/token', true],
    ['https://canary.discord.com/api/webhooks/123456789012345678/token', true],
    ['https://canary.discordapp.com/api/v10/webhooks/123456789012345678/token?thread_id=42', true],
    ['https://DISCORD.com/api/webhooks/123456789012345678/token/', true],
    ['http://discord.com/api/webhooks/123456789012345678/token', false],
    ['https://discord.com.evil.example/api/webhooks/123456789012345678/token', false],
    ['https://discordxcom/api/webhooks/123456789012345678/token', false],
    ['https://evil.example/discord.com/api/webhooks/123456789012345678/token', false],
    ['https://discord.com/api/webhooks/notanid/token', false],
    ['https://discord.com/api/channels/123456789012345678/messages', false],
    ['https://www.discord.com/api/webhooks/123456789012345678/token', false],
  ])('takes %s for Discord: %s', (url, discord) => {
    expect(isDiscordWebhookUrl(new URL(url))).toBe(discord);
  });
});

describe('csvCell', () => {
  it('quotes per RFC 4180 and leaves null and undefined empty', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a, "quoted"\nnote')).toBe('"a, ""quoted""\nnote"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(7)).toBe('7');
    expect(csvCell(true)).toBe('true');
  });

  it('keeps a spreadsheet from running a text as a formula, but not a number', () => {
    expect(['=1+1', '+x', '-x', '@x', '\tx', '\rx'].map(csvCell)).toEqual([
      "'=1+1",
      "'+x",
      "'-x",
      "'@x",
      "'\tx",
      `"'\rx"`,
    ]);
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell('=a,b')).toBe(`"'=a,b"`);
  });
});

describe('FieldMessage', () => {
  it('words a refused field as the contract does', () => {
    expect(FieldMessage.string('name')).toBe('name must be a string');
    expect(FieldMessage.integer('level')).toBe('level must be an integer');
    expect(FieldMessage.boolean('enabled')).toBe('enabled must be a boolean');
    expect(FieldMessage.between('count', 1, 100)).toBe('count must be between 1 and 100');
    expect(FieldMessage.length('name', 1, 64)).toBe('name must be 1-64 characters');
    expect(FieldMessage.atMost('note', 500)).toBe('note must be at most 500 characters');
    expect(FieldMessage.oneOf('status', ['a', 'b'])).toBe('status must be one of a, b');
    expect(FieldMessage.httpUrl('url')).toBe('url must be an http or https URL');
    expect(FieldMessage.email('email')).toBe('email must be a valid email address');
    expect(PREFIX_MESSAGE).toBe('prefix must be 1-16 characters of A-Z, a-z, 0-9');
    expect(USERNAME_MESSAGE).toBe('username must be 3-32 characters of A-Z, a-z, 0-9, _ . -');
    expect(VariableMessage).toEqual({
      key: 'key must be 1-64 characters of A-Z, a-z, 0-9, _ . -',
      value: 'value must be at most 64 KiB',
    });
    expect(BlacklistValueMessage).toEqual({
      ip: 'value must be an IPv4 or IPv6 address or CIDR range',
      hwid: 'value must be 1-256 characters',
      username: 'value must be a username: 3-32 characters of A-Z, a-z, 0-9, _ . -',
    });
  });
});
