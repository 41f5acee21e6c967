import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { IsInt, IsString, ValidateNested, validateSync } from 'class-validator';
import { Type } from 'class-transformer';
import { readFileSync } from 'node:fs';
import { ERROR_CODES, ERROR_TABLE, type ErrorCode } from '@latchkey/contracts';
import { fieldPath, validationError, validationProblems } from './errors.js';

class Item {
  @IsString({ message: 'key must be a string' })
  key!: string;
}

class Body {
  @IsInt({ message: 'count must be an integer' })
  count!: number;

  @ValidateNested({ each: true })
  @Type(() => Item)
  items!: Item[];
}

describe('validationProblems', () => {
  it("names each failed property by its path, array items by their index, with class-validator's messages", () => {
    const body = Object.assign(new Body(), {
      count: 1.5,
      items: [Object.assign(new Item(), { key: 'ok' }), new Item()],
    });
    expect(validationProblems(validateSync(body))).toEqual([
      { field: 'count', message: 'count must be an integer' },
      { field: 'items[1].key', message: 'key must be a string' },
    ]);
  });
});

describe('validationError', () => {
  it('keeps every message in `errors`, the first as the message, and lists in `fields` those about a field', () => {
    const error = validationError([
      { message: 'body has a field name with NUL or unpaired surrogate characters' },
      { field: 'name', message: 'name must be a string' },
    ]);
    expect([error.status, error.code, error.message]).toEqual([
      400,
      'VALIDATION',
      'body has a field name with NUL or unpaired surrogate characters',
    ]);
    expect(error.errors).toEqual([
      'body has a field name with NUL or unpaired surrogate characters',
      'name must be a string',
    ]);
    expect(error.fields).toEqual([{ field: 'name', message: 'name must be a string' }]);
  });
});

describe('fieldPath', () => {
  it('joins keys with dots and indexes with brackets', () => {
    expect([fieldPath(undefined, 'a'), fieldPath('a', 'b'), fieldPath('a', 0), fieldPath(undefined, 2)]).toEqual([
      'a',
      'a.b',
      'a[0]',
      '[2]',
    ]);
  });
});

describe('docs/errors.md', () => {
  const doc = readFileSync(new URL('../../../../docs/errors.md', import.meta.url), 'utf8');

  it("names every code, and each row of its table has the code's status", () => {
    for (const code of ERROR_CODES) expect([code, doc.includes(`\`${code}\``)]).toEqual([code, true]);
    const rows = [...doc.matchAll(/^\| `([A-Z_]+)` +\| (\d{3}) /gm)];
    expect(rows.length).toBeGreaterThan(20);
    for (const [, code, status] of rows) {
      expect([code, ERROR_TABLE[code as ErrorCode]?.[0]]).toEqual([code, Number(status)]);
    }
  });
});
