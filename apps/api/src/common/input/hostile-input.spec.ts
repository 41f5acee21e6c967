import { describe, expect, it } from '@jest/globals';
import { findHostileInput, isStorableText } from './hostile-input.js';

describe('findHostileInput', () => {
  it('accepts ordinary bodies', () => {
    expect(
      findHostileInput({ type: 'login', username: 'alice', tags: ['a', 1, null], nested: { ok: true } }),
    ).toBeNull();
  });

  it.each(['constructor', '__proto__', 'prototype'])('refuses a key named %s at any depth, naming its path', (key) => {
    const message = `${key} is not an allowed field name`;
    expect(findHostileInput(JSON.parse(`{"${key}": 1}`))).toEqual({ field: key, message });
    expect(findHostileInput(JSON.parse(`{"a": [{"${key}": {}}]}`))).toEqual({ field: `a[0].${key}`, message });
  });

  it('names the field holding a NUL or a lone surrogate', () => {
    expect(findHostileInput({ username: 'al\u0000ice' })).toEqual({
      field: 'username',
      message: 'username must not contain NUL or unpaired surrogate characters',
    });
    expect(findHostileInput({ note: 'x\ud800' })?.message).toBe(
      'note must not contain NUL or unpaired surrogate characters',
    );
    expect(findHostileInput({ a: { b: ['ok', '\udc00'] } })).toEqual({
      field: 'a.b[1]',
      message: 'a.b[1] must not contain NUL or unpaired surrogate characters',
    });
    expect(findHostileInput({ search: '\u0000' }, 'query')?.field).toBe('search');
  });

  it('accepts paired surrogates (emoji) and refuses hostile key text, in no field when at the top', () => {
    expect(findHostileInput({ name: 'ok 🔑' })).toBeNull();
    expect(findHostileInput({ 'a\u0000': 1 })).toEqual({
      field: undefined,
      message: 'body has a field name with NUL or unpaired surrogate characters',
    });
    expect(findHostileInput({ a: { 'b\u0000': 1 } })).toEqual({
      field: 'a',
      message: 'a has a field name with NUL or unpaired surrogate characters',
    });
  });
});

describe('isStorableText', () => {
  it('tells storable text from NUL and lone surrogates', () => {
    expect(isStorableText('plain')).toBe(true);
    expect(isStorableText('\u0000')).toBe(false);
    expect(isStorableText('\ud83d')).toBe(false);
  });
});
