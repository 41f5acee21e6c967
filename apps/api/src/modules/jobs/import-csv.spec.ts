import { describe, expect, it } from '@jest/globals';
import { AppError } from '../../common/errors.js';
import { checkImportRow, importRowBatches } from './import-csv.js';

async function* chunks(...parts: string[]): AsyncGenerator<Buffer> {
  for (const part of parts) yield Buffer.from(part);
}

async function read(file: AsyncIterable<Buffer>, size = 2) {
  const batches = [];
  for await (const batch of importRowBatches(file, size)) batches.push(batch);
  return batches;
}

describe('importRowBatches', () => {
  it('reads rows in batches with their line, whatever the chunking, column order and case', async () => {
    const batches = await read(
      chunks('\uFEFFNote,KEY,dura', 'tion\r\n"a, b",K-1,30d\r\n\r\n,K-2', ',1d\r\n"multi\nline",K-3,7d\n'),
    );
    expect(batches).toEqual([
      [
        { line: 2, key: 'K-1', level: null, duration: '30d', note: 'a, b' },
        { line: 4, key: 'K-2', level: null, duration: '1d', note: null },
      ],
      [{ line: 6, key: 'K-3', level: null, duration: '7d', note: 'multi\nline' }],
    ]);
  });

  it('hands an error of the upload itself (cut short, over the limit) to the reader, not to the process', async () => {
    const gone = new AppError('PAYLOAD_TOO_LARGE');
    async function* failing(): AsyncGenerator<Buffer> {
      yield Buffer.from('key,duration\nK-1,30d\n');
      throw gone;
    }
    await expect(read(failing())).rejects.toBe(gone);
  });

  it('refuses a header without key and duration, and a file the parser cannot read, with a 400', async () => {
    await expect(read(chunks('key,level\nA,1\n'))).rejects.toThrow(AppError);
    await expect(read(chunks('key,duration\n"A,1d\n'))).rejects.toMatchObject({
      message: expect.stringMatching(/^The CSV cannot be read at line/),
    });
  });
});

describe('checkImportRow', () => {
  const row = { line: 2, key: 'K-1', level: '3', duration: '30d', note: 'n' };

  it('takes a valid row, with level 1 and no note by default', () => {
    expect(checkImportRow(row)).toEqual({ key: 'K-1', durationType: '30d', level: 3, note: 'n' });
    expect(checkImportRow({ ...row, level: null, note: null })).toEqual({
      key: 'K-1',
      durationType: '30d',
      level: 1,
      note: null,
    });
  });

  it('names the first problem with the limits of generation', () => {
    expect(checkImportRow({ ...row, key: null })).toMatch(/^key must be/);
    expect(checkImportRow({ ...row, key: 'K'.repeat(65) })).toMatch(/^key must be/);
    expect(checkImportRow({ ...row, duration: '2y' })).toMatch(/^duration must be one of/);
    expect(checkImportRow({ ...row, level: '1001' })).toBe('level must be between 0 and 1000');
    expect(checkImportRow({ ...row, level: '1.5' })).toBe('level must be between 0 and 1000');
    expect(checkImportRow({ ...row, note: 'x'.repeat(501) })).toBe('note must be at most 500 characters');
  });

  it('refuses a NUL in any column and bytes that are not UTF-8, none of which reaches PostgreSQL', async () => {
    const file = Buffer.concat([
      Buffer.from('key,level,duration,note\nK-\u00001,1,30d,a\nK-2,1\u0000,30d,b\nK-3,1,30d\u0000,c\n'),
      Buffer.from('K-4,1,30d,d\u0000e\nK-5,1,30d,f'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('\nK-6,1,30d,fine\n'),
    ]);
    const [rows] = await read(
      (async function* () {
        yield file;
      })(),
      10,
    );
    expect(rows!.some((r) => Object.values(r).some((v) => typeof v === 'string' && v.includes('\0')))).toBe(false);
    expect(rows!.map(checkImportRow)).toEqual([
      expect.stringMatching(/^key must be/),
      'level must be between 0 and 1000',
      expect.stringMatching(/^duration must be one of/),
      'note holds a NUL character or bytes that are not UTF-8',
      'note holds a NUL character or bytes that are not UTF-8',
      { key: 'K-6', durationType: '30d', level: 1, note: 'fine' },
    ]);
  });
});
