import { describe, expect, it } from '@jest/globals';
import { blankOr, httpUrl, intInRange, textLength } from './validation';

describe('intInRange', () => {
  const level = intInRange('level', 0, 1000);

  it("accepts whole numbers in the range and refuses the rest in the API's words", () => {
    expect([level(0), level(1000), level(7)]).toEqual([true, true, true]);
    for (const value of [-1, 1001, 1.5, NaN, null, undefined]) {
      expect(level(value)).toBe('level must be an integer between 0 and 1000');
    }
  });

  it('words the refusal otherwise when told', () => {
    expect(intInRange('days', 1, 9, 'days must be 1-9')(0)).toBe('days must be 1-9');
  });
});

describe('blankOr', () => {
  it('lets an empty input (NaN) through and checks anything else', () => {
    const days = blankOr(intInRange('days', 1, 9));
    expect([days(NaN), days(undefined), days(null), days(3)]).toEqual([true, true, true, true]);
    expect(days(0)).toBe('days must be an integer between 1 and 9');
  });
});

describe('textLength', () => {
  it("accepts min to max characters and refuses the rest in the API's words", () => {
    const password = textLength('password', 8, 128);
    expect([password('x'.repeat(8)), password('x'.repeat(128))]).toEqual([true, true]);
    for (const value of ['', 'x'.repeat(7), 'x'.repeat(129)]) {
      expect(password(value)).toBe('password must be 8-128 characters');
    }
  });
});

describe('httpUrl', () => {
  it("accepts an absolute http or https URL, trimmed, and refuses the rest in the API's words", () => {
    const updateUrl = httpUrl('updateUrl', 30);
    expect([updateUrl(' https://example.com/a '), updateUrl('http://example.com')]).toEqual([true, true]);
    for (const value of ['', 'ftp://example.com', 'not a url']) {
      expect(updateUrl(value)).toBe('updateUrl must be an http or https URL');
    }
    expect(updateUrl(`https://example.com/${'a'.repeat(11)}`)).toBe('updateUrl must be at most 30 characters');
  });
});
