import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * Every limit lives once, in libs/contracts, and DTO decorators read it from
 * there: a number written into a bound decorator is a second home for a
 * limit. Checked over every DTO of the source.
 */

const src = dirname(fileURLToPath(import.meta.url));
const dtos = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.dto.ts'))
  .map((file) => ({ file, text: readFileSync(join(src, file), 'utf8') }));

/** A bound decorator (or the int-field helper) given a number as it is written, not a contracts constant. */
const LIMIT_LITERAL =
  /\b(Min|Max|MinLength|MaxLength|Length|ArrayMinSize|ArrayMaxSize)\(\s*-?\d|\bOptionalIntField\([^)]*,\s*-?\d/;

describe('DTO limits', () => {
  it('finds the DTOs', () => {
    expect(dtos.length).toBeGreaterThan(10);
  });

  it('bound no field with a number written in the DTO', () => {
    const literals = dtos.flatMap(({ file, text }) =>
      text
        .split('\n')
        .flatMap((line, index) => (LIMIT_LITERAL.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(literals).toEqual([]);
  });
});
