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
/** The request shapes of libs/contracts, which hold the rules of the DTOs that extend them. */
const shapes = join(src, '../../../libs/contracts/src/shapes');
const dtos = [
  ...readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.dto.ts'))
    .map((file) => ({ file, text: readFileSync(join(src, file), 'utf8') })),
  ...readdirSync(shapes)
    .filter((file) => file.endsWith('.ts'))
    .map((file) => ({ file: `libs/contracts/src/shapes/${file}`, text: readFileSync(join(shapes, file), 'utf8') })),
];

/** A bound decorator (or an int-field helper) given a number as it is written, not a contracts constant. */
const LIMIT_LITERAL =
  /\b(Min|Max|MinLength|MaxLength|Length|ArrayMinSize|ArrayMaxSize)\(\s*-?\d|\b(OptionalInt|ApiOptionalInt)\([^)]*,\s*-?\d/;

/** Every source file of the API and the dashboard, but specs. */
const repository = join(src, '../../..');
const sources = ['apps/api/src', 'apps/dashboard/src'].flatMap((dir) =>
  readdirSync(join(repository, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.spec\.tsx?$/.test(file))
    .map((file) => ({ file: `${dir}/${file}`, text: readFileSync(join(repository, dir, file), 'utf8') })),
);

/** A module-level constant that reads as a bound (`X_MAX`, `MAX_X`, `X_MIN`...) given a number. */
const LIMIT_CONSTANT = /^(?:export )?const ([A-Z0-9_]*(?:_MAX|_MIN|MAX_|MIN_)[A-Z0-9_]*) = -?\d/;

/**
 * Bounds that are the service's own, not a limit on what a request may carry,
 * so they stay beside the code they tune. A new one is listed here with its
 * reason, or moves to libs/contracts.
 */
const INTERNAL_BOUNDS = new Map([
  ['MAX_GENERATION_ROUNDS', 'retries of a key generation that drew taken keys'],
  ['MAX_QUEUEINGS_IN_FLIGHT', 'webhook queueings held in memory while Redis is away'],
  ['MAX_ENTRIES', "the license-user cache's size"],
  ['MAX_RETRY_AFTER_MS', 'the longest Retry-After of a receiver the worker honours'],
  ['EXACT_MAX', "KeyAuth stats' exact counts before estimates"],
  ['BCRYPT_COST_MAX', 'a setting (config), not a request field'],
  ['BCRYPT_COST_MIN', 'the cheapest stored hash accepted as is'],
  ['MAX_BODY_DEPTH', "JSON nesting the body parser reads, for every route's body"],
  ['MAX_RECORD_CHARS', 'one CSV record of an import file, which the upload limit already bounds'],
  ['MAX_FIELDS', 'multipart fields beside an uploaded file'],
  ['MAX_FIELD_BYTES', 'a multipart field beside an uploaded file'],
  ['ENCKEY_MAX', "KeyAuth's wire format, fixed by its clients"],
  ['FILE_MAX_BYTES', "KeyAuth's wire format, fixed by its clients"],
  ['ONLINE_USERS_MAX', "KeyAuth's fetchOnline answer, fixed by its clients"],
  ['MAX_WAITING', 'signatures waiting on the signing thread before answers are signed inline'],
]);

describe('DTO limits', () => {
  it('finds the DTOs and the request shapes', () => {
    expect(dtos.length).toBeGreaterThan(10);
    expect(dtos.some(({ file }) => file.startsWith('libs/contracts/src/shapes/'))).toBe(true);
  });

  it('bound no field with a number written in the DTO', () => {
    const literals = dtos.flatMap(({ file, text }) =>
      text
        .split('\n')
        .flatMap((line, index) => (LIMIT_LITERAL.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(literals).toEqual([]);
  });

  it('keeps no request limit in a named constant outside libs/contracts', () => {
    const constants = sources.flatMap(({ file, text }) =>
      text.split('\n').flatMap((line, index) => {
        const name = LIMIT_CONSTANT.exec(line)?.[1];
        return name && !INTERNAL_BOUNDS.has(name) ? [`${file}:${index + 1}: ${line.trim()}`] : [];
      }),
    );
    expect(constants).toEqual([]);
  });
});
