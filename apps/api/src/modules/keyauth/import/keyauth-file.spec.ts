import { describe, expect, it } from '@jest/globals';
import bcrypt from 'bcrypt';
import { AppError } from '../../../common/errors.js';
import { durationOf, importedHwid, importedPasswordHash } from './keyauth-fields.js';
import { type KeyAuthFileSummary, keyAuthRecords } from './keyauth-file.js';
import type { StagedRecord, StagedUser } from './keyauth-records.js';

async function records(text: string, chunkSize = 7): Promise<{ records: StagedRecord[]; format?: string }> {
  const summary: Partial<KeyAuthFileSummary> = {};
  const bytes = Buffer.from(text);
  async function* file() {
    for (let i = 0; i < bytes.length; i += chunkSize) yield bytes.subarray(i, i + chunkSize);
  }
  const out: StagedRecord[] = [];
  for await (const record of keyAuthRecords(file(), summary, { passwordCostMax: 12 })) out.push(record);
  return { records: out, format: summary.format };
}

describe('keyAuthRecords', () => {
  it('hands an error of the upload itself (cut short, over the limit) to the reader, not to the process', async () => {
    const gone = new AppError('PAYLOAD_TOO_LARGE');
    async function* failing(): AsyncGenerator<Buffer> {
      yield Buffer.from('{"keys":[{"key":"K-1","expiry":"1"},');
      throw gone;
    }
    const read = async () => {
      for await (const _record of keyAuthRecords(failing(), {}, { passwordCostMax: 12 })) {
        // consumed
      }
    };
    await expect(read()).rejects.toBe(gone);
  });

  it('reads users and subscriptions in file order, split across chunks, with one line numbering', async () => {
    const { records: read, format } = await records(
      JSON.stringify({
        users: [{ username: 'alice', password: null, hwid: 'S-1-5-21-9', banned: 'spam', ip: '1.2.3.4' }],
        subscription: [{ user: 'Alice', subscription: 'default', expiry: '1700000000' }],
      }),
    );
    expect(format).toBe('dashboard-users');
    expect(read).toEqual([
      {
        section: 'users',
        row: expect.objectContaining({
          line: 1,
          username: 'alice',
          usernameKey: 'alice',
          banned: true,
          banReason: 'spam',
        }),
      },
      {
        section: 'subscription',
        row: { line: 2, usernameKey: 'alice', name: 'default', expiresAt: new Date(1_700_000_000_000), problem: null },
      },
    ]);
  });

  it('refuses a record with a NUL in any field, staging none (PostgreSQL text holds no NUL)', async () => {
    const hash = `$2y$04$${'a'.repeat(53)}`;
    const { records: read } = await records(
      JSON.stringify({
        users: [
          { username: 'al\u0000ice', password: hash },
          { username: 'bob', password: `${hash}\u0000` },
          { username: 'carol', password: hash, ip: '1.2.3.4\u0000' },
          { username: 'dave', password: hash },
          { username: 'erin', password: hash },
        ],
        subscription: [
          { user: 'dave', subscription: 'pre\u0000mium', expiry: '1700000000' },
          { user: 'erin', subscription: 'default', expiry: '1700000000' },
        ],
      }),
    );
    const strings = JSON.stringify(read);
    expect(strings.includes('\\u0000')).toBe(false);
    expect(read.map((r) => [r.section, r.row.problem])).toEqual([
      ['users', 'username holds a NUL character'],
      ['users', 'password holds a NUL character'],
      ['users', 'ip holds a NUL character'],
      ['users', null],
      ['users', null],
      ['subscription', 'subscription holds a NUL character'],
      ['subscription', null],
    ]);
    // The subscription's user is named without the NUL, so the user can be refused in its stead.
    expect(read[5]!.row).toMatchObject({ usernameKey: 'dave' });
    const { records: keys } = await records(
      JSON.stringify([
        { key: 'K-1', expiry: '1', note: 'a\u0000b' },
        { key: 'K-2', expiry: '1', note: 'fine' },
      ]),
    );
    expect(keys.map((r) => r.row.problem)).toEqual(['note holds a NUL character', null]);
    expect(keys[0]!.row).toMatchObject({ note: 'a\uFFFDb' });
  });

  it('skips a user whose hash costs more than the server checks, saying so (issue 37, finding 2)', async () => {
    const ofCost = (cost: string) => `$2y$${cost}$${'A'.repeat(53)}`;
    const { records: read } = await records(
      JSON.stringify({
        users: ['31', '17', '13', '12', '10', '03', '32'].map((cost) => ({
          username: `u${cost}`,
          password: ofCost(cost),
        })),
      }),
    );
    expect(
      read.map((r) => [(r.row as StagedUser).username, r.row.problem, (r.row as StagedUser).passwordHash]),
    ).toEqual([
      [
        'u31',
        'password hash cost 31 is above 12, the most this server checks: import the user without its password',
        null,
      ],
      [
        'u17',
        'password hash cost 17 is above 12, the most this server checks: import the user without its password',
        null,
      ],
      [
        'u13',
        'password hash cost 13 is above 12, the most this server checks: import the user without its password',
        null,
      ],
      ['u12', null, `$2b$12$${'A'.repeat(53)}`],
      ['u10', null, `$2b$10$${'A'.repeat(53)}`],
      ['u03', 'password is not a bcrypt hash ($2y$, $2a$ or $2b$)', null],
      ['u32', 'password is not a bcrypt hash ($2y$, $2a$ or $2b$)', null],
    ]);
  });

  it('tells the four formats apart', async () => {
    expect((await records('[{"key":"A","expiry":1}]')).format).toBe('dashboard-keys');
    expect((await records('{"success":true,"keys":[{"key":"A","expires":"86400"}]}')).format).toBe('seller-keys');
    expect((await records('{"success":true,"users":[{"username":"abc"}]}')).format).toBe('seller-users');
    expect((await records('{"users":[{"username":"abc"}],"subscription":[]}')).format).toBe('dashboard-users');
  });

  it('skips unknown top-level fields, nested or not', async () => {
    const { records: read } = await records('{"app":{"name":"x","list":[1,2]},"keys":[{"key":"K-1","expires":60}]}');
    expect(read).toEqual([{ section: 'keys', row: expect.objectContaining({ key: 'K-1', durationType: '1h' }) }]);
  });

  it.each([
    ['{"users":[1]}', 'users[0] must be an object'],
    [
      '{"users":[{"username":"a","hwid":"' + 'x'.repeat(5000) + '"}]}',
      'users[0] has a field longer than 4096 characters',
    ],
    ['{"subscription":[{"user":"a"}],"users":[{"username":"abc"}]}', 'subscription[0].subscription is required'],
    ['[{"key":"A"},', 'The file is not valid JSON'],
  ])('refuses %s', async (text, message) => {
    const error = await records(text).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toContain(message);
  });
});

describe('durationOf', () => {
  it.each([
    [3600, { type: '1h', extraDays: 0 }],
    [86_400, { type: '1d', extraDays: 0 }],
    [86_400 * 7, { type: '7d', extraDays: 0 }],
    [86_400 * 365, { type: '365d', extraDays: 0 }],
    [86_400 * 2.5, { type: '1d', extraDays: 2 }],
    [86_400 * 9999, { type: 'lifetime', extraDays: 0 }],
    [0, null],
    [Number.NaN, null],
  ])('%s seconds', (seconds, expected) => {
    expect(durationOf(seconds)).toEqual(expected);
  });
});

describe('importedHwid', () => {
  it('keeps one ID as the lock; several appended SIDs unlock with that many devices', () => {
    expect(importedHwid(null)).toEqual({ hwid: null, count: 0 });
    expect(importedHwid('S-1-5-21-1-2-3-1001')).toEqual({ hwid: 'S-1-5-21-1-2-3-1001', count: 1 });
    expect(importedHwid('S-1-5-21-1-2-3-1001S-1-5-21-4-5-6-1002S-1-5-21-7')).toEqual({ hwid: null, count: 3 });
    expect(importedHwid('x'.repeat(300))).toEqual({ hwid: null, count: 1 });
  });
});

describe('importedPasswordHash', () => {
  it('renames $2y$ to $2b$, which bcrypt verifies with the same password', async () => {
    const phpHash = (await bcrypt.hash('secret', 4)).replace(/^\$2b\$/, '$2y$');
    const imported = importedPasswordHash(phpHash)!;
    expect(imported.startsWith('$2b$')).toBe(true);
    expect(await bcrypt.compare('secret', imported)).toBe(true);
    expect(importedPasswordHash(null)).toBeNull();
    expect(importedPasswordHash('5f4dcc3b5aa765d61d8327deb882cf99')).toBeUndefined();
  });
});
