import { describe, expect, it } from '@jest/globals';
import { findHostileInput, isStorableText } from './hostile-input.js';

describe('findHostileInput', () => {
  it('accepts ordinary bodies', () => {
    expect(
      findHostileInput({ type: 'login', username: 'alice', tags: ['a', 1, null], nested: { ok: true } }),
    ).toBeNull();
  });

  it.each(['constructor', '__proto__', 'prototype'])('refuses a key named %s at any depth', (key) => {
    expect(findHostileInput(JSON.parse(`{"${key}": 1}`))).toBe(`${key} is not an allowed field name`);
    expect(findHostileInput(JSON.parse(`{"a": [{"${key}": {}}]}`))).toBe(`${key} is not an allowed field name`);
  });

  it('names the field holding a NUL or a lone surrogate', () => {
    expect(findHostileInput({ username: 'al\u0000ice' })).toBe(
      'username must not contain NUL or unpaired surrogate characters',
    );
    expect(findHostileInput({ note: 'x\ud800' })).toBe('note must not contain NUL or unpaired surrogate characters');
    expect(findHostileInput({ a: { b: ['ok', '\udc00'] } })).toBe(
      'a.b[1] must not contain NUL or unpaired surrogate characters',
    );
  });

  it('accepts paired surrogates (emoji) and refuses hostile key text', () => {
    expect(findHostileInput({ name: 'ok 🔑' })).toBeNull();
    expect(findHostileInput({ 'a\u0000': 1 })).toBe('body has a field name with NUL or unpaired surrogate characters');
  });
});

describe('isStorableText', () => {
  it('tells storable text from NUL and lone surrogates', () => {
    expect(isStorableText('plain')).toBe(true);
    expect(isStorableText('\u0000')).toBe(false);
    expect(isStorableText('\ud83d')).toBe(false);
  });
});
