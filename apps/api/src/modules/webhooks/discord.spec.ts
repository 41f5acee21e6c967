import { describe, expect, it } from '@jest/globals';
import { EVENT_NAMES } from '@latchkey/contracts';
import { buildDeliveryRequest } from './delivery-request.js';
import { DISCORD_COLORS, discordDeliveryUrl, discordMessage, EMBED_LIMITS } from './discord.js';

describe('discordDeliveryUrl', () => {
  it('keeps path and query when sending to another origin', () => {
    const url = new URL('https://discord.com/api/webhooks/1234567890/token?thread_id=42');
    expect(discordDeliveryUrl(url, 'http://127.0.0.1:9999').href).toBe(
      'http://127.0.0.1:9999/api/webhooks/1234567890/token?thread_id=42',
    );
  });
});

describe('discordMessage', () => {
  const timestamp = '2026-11-22T01:22:06.123Z';

  it('is one embed: event as title, data as fields in documented order, ISO timestamp, no mentions', () => {
    const message = discordMessage('user.login', timestamp, {
      appId: 'app-1',
      hwid: null,
      ip: '203.0.113.9',
      username: '@everyone',
      userId: 'u-1',
    });
    expect(message).toEqual({
      embeds: [
        {
          title: 'user.login',
          color: 0x57f287,
          timestamp,
          fields: [
            { name: 'userId', value: 'u-1', inline: true },
            { name: 'username', value: '@everyone', inline: true },
            { name: 'ip', value: '203.0.113.9', inline: true },
            { name: 'hwid', value: '-', inline: true },
            { name: 'appId', value: 'app-1', inline: true },
          ],
        },
      ],
      allowed_mentions: { parse: [] },
    });
  });

  it.each([
    ['user.login', DISCORD_COLORS.green],
    ['session.create', DISCORD_COLORS.green],
    ['user.ban', DISCORD_COLORS.red],
    ['license.expire', DISCORD_COLORS.red],
    ['user.register', DISCORD_COLORS.blue],
    ['license.activate', DISCORD_COLORS.yellow],
    ['license.delete', DISCORD_COLORS.yellow],
    ['file.download', DISCORD_COLORS.yellow],
    ['order.fulfilled', DISCORD_COLORS.yellow],
    ['order.refunded', DISCORD_COLORS.yellow],
    ['order.renewed', DISCORD_COLORS.yellow],
    ['order.cancelled', DISCORD_COLORS.yellow],
    ['test', DISCORD_COLORS.yellow],
  ] as const)('colours %s %i', (event, color) => {
    expect(discordMessage(event, timestamp, {}).embeds[0].color).toBe(color);
  });

  it('shows an order’s keys in its embed, as one field', () => {
    const keys = ['AAAAA-BBBBB-CCCCC-DDDDD', 'EEEEE-FFFFF-GGGGG-HHHHH'];
    const [embed] = discordMessage('order.fulfilled', timestamp, { orderId: 'o', keys, appId: 'a' }).embeds;
    expect(embed.fields.map((f) => f.name)).toEqual(['orderId', 'keys', 'appId']);
    expect(embed.fields[1]!.value).toBe(JSON.stringify(keys));
  });

  it('covers every event name', () => {
    for (const event of EVENT_NAMES) expect(discordMessage(event, timestamp, {}).embeds[0].title).toBe(event);
  });

  it('renders numbers as text and keeps undocumented fields after the documented ones', () => {
    const fields = discordMessage('license.activate', timestamp, { extra: true, level: 3, key: 'K' }).embeds[0].fields;
    expect(fields.map((f) => [f.name, f.value])).toEqual([
      ['key', 'K'],
      ['level', '3'],
      ['extra', 'true'],
    ]);
  });

  it('stays within Discord embed limits whatever the data', () => {
    const data = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`field${i}`, 'x'.repeat(5000)]));
    const embed = discordMessage('test', timestamp, data).embeds[0];
    expect(embed.fields).toHaveLength(EMBED_LIMITS.fields);
    for (const field of embed.fields) {
      expect(field.value.length).toBeGreaterThan(0);
      expect(field.value.length).toBeLessThanOrEqual(EMBED_LIMITS.fieldValue);
      expect(field.name.length).toBeLessThanOrEqual(EMBED_LIMITS.fieldName);
    }
    const total = embed.fields.reduce((sum, f) => sum + f.name.length + f.value.length, embed.title.length);
    expect(total).toBeLessThanOrEqual(EMBED_LIMITS.total);
    expect(embed.fields[0]!.value.endsWith('…')).toBe(true);
  });

  it('drops fields when their names alone would exceed the total', () => {
    const data = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`${i}`.padEnd(300, 'n'), 'v']));
    const embed = discordMessage('test', timestamp, data).embeds[0];
    const total = embed.fields.reduce((sum, f) => sum + f.name.length + f.value.length, embed.title.length);
    expect(total).toBeLessThanOrEqual(EMBED_LIMITS.total);
    expect(embed.fields.length).toBeGreaterThan(0);
  });
});

describe('delivery to a Discord URL', () => {
  it('posts the embed to DISCORD_API_ORIGIN with the usual headers', () => {
    const request = buildDeliveryRequest(
      {
        deliveryId: 'd-1',
        url: 'https://discord.com/api/webhooks/123456789012345678/token',
        secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        event: 'user.ban',
        data: { userId: 'u', username: 'bob', reason: null, bannedBy: 'owner@example.com', appId: 'a' },
        occurredAt: new Date('2026-11-22T01:22:06.123Z'),
      },
      'http://127.0.0.1:4567',
    );
    expect(request.discord).toBe(true);
    expect(request.url.href).toBe('http://127.0.0.1:4567/api/webhooks/123456789012345678/token');
    const body = JSON.parse(request.body);
    expect(body.embeds[0]).toMatchObject({ title: 'user.ban', color: 0xed4245, timestamp: '2026-11-22T01:22:06.123Z' });
    expect(request.headers['x-webhook-event']).toBe('user.ban');
  });
});
