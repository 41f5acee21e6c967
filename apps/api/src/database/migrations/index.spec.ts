import { describe, expect, it } from '@jest/globals';
import { MIGRATIONS } from './index.js';

/** The number TypeORM orders a migration by: the timestamp at the end of its class name. */
const numberOf = (migration: (typeof MIGRATIONS)[number]) => Number(/(\d{13})$/.exec(migration.name)?.[1]);

describe('MIGRATIONS', () => {
  it('lists every migration by number, each number once, as TypeORM runs them', () => {
    const numbers = MIGRATIONS.map(numberOf);
    expect(numbers.every(Number.isFinite)).toBe(true);
    expect(numbers).toEqual([...new Set(numbers)].sort((a, b) => a - b));
  });
});
