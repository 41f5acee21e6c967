import { describe, expect, it } from '@jest/globals';
import { findHostileInput } from './hostile-input.js';
import { BODY_TOO_DEEP_MESSAGE, MAX_BODY_DEPTH, nestsDeeperThan, parseJsonBody } from './json-body.js';

describe('nestsDeeperThan', () => {
  it('counts objects and arrays opened inside one another', () => {
    expect(nestsDeeperThan('{"a":[1,{"b":2}]}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a":[1,{"b":2}]}', 2)).toBe(true);
    expect(nestsDeeperThan('[[],[],[],[]]', 2)).toBe(false);
    expect(nestsDeeperThan('1', 0)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(nestsDeeperThan(JSON.stringify({ a: '[[[[{{{{', b: 'say \\"[[[[\\"' }), 1)).toBe(false);
    expect(nestsDeeperThan('["\\\\",[[]]]', 2)).toBe(true);
  });

  it('stops at the first level past the limit, however deep the text goes', () => {
    expect(nestsDeeperThan('['.repeat(1_000_000), MAX_BODY_DEPTH)).toBe(true);
  });

  it('never loops on malformed text', () => {
    for (const text of ['"unterminated', '"\\', ']]]]{', '{"a":"\\"}']) expect(nestsDeeperThan(text, 1)).toBe(false);
  });
});

describe('parseJsonBody', () => {
  it('parses bodies up to the limit and keeps hostile keys as own keys for the check after it', () => {
    const atLimit = '['.repeat(MAX_BODY_DEPTH) + ']'.repeat(MAX_BODY_DEPTH);
    expect(parseJsonBody(atLimit)).toBeInstanceOf(Array);
    const body = parseJsonBody('{"__proto__":{"admin":true}}') as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['__proto__']);
    expect(findHostileInput(body)?.message).toBe('__proto__ is not an allowed field name');
  });

  it.each([
    ['', 'Malformed JSON body'],
    ['{"a":', 'Malformed JSON body'],
    ['['.repeat(MAX_BODY_DEPTH + 1) + ']'.repeat(MAX_BODY_DEPTH + 1), BODY_TOO_DEEP_MESSAGE],
  ])('refuses %j with a 400', (text, message) => {
    expect(() => parseJsonBody(text)).toThrow(expect.objectContaining({ statusCode: 400, message }));
  });
});

describe('findHostileInput past the depth limit', () => {
  it('refuses a value nested deeper than any accepted body instead of leaving it unchecked', () => {
    let value: unknown = { constructor: 1 };
    for (let i = 0; i < 40; i++) value = { a: value };
    expect(findHostileInput(value)?.message).toBe(BODY_TOO_DEEP_MESSAGE);
  });
});
