import { describe, expect, it } from '@jest/globals';
import * as z from 'zod/mini';
import { enumParam, pageParam, parseSearch, searchValidator, stringifySearch, textParam } from './search-params';

describe('parseSearch and stringifySearch', () => {
  it('read and write plain query strings, leaving out what is not set', () => {
    expect(parseSearch('?status=BANNED&search=a%20b&page=2')).toEqual({ status: 'BANNED', search: 'a b', page: '2' });
    expect(stringifySearch({ status: 'BANNED', search: 'a b', page: 2, type: undefined, userId: null, q: '' })).toBe(
      '?status=BANNED&search=a+b&page=2',
    );
    expect(stringifySearch({})).toBe('');
  });
});

describe('searchValidator', () => {
  const validate = searchValidator(
    z.object({ page: pageParam, search: textParam(5), status: enumParam(['UNUSED', 'BANNED'] as const) }),
  );

  it('turns valid params into their types', () => {
    expect(validate({ page: '3', search: ' ab ', status: 'BANNED' })).toEqual({
      page: 3,
      search: 'ab',
      status: 'BANNED',
    });
  });

  it('drops what does not validate, so a stale or hand-edited link still opens', () => {
    expect(validate({ page: '0', search: 'too long', status: 'GONE' })).toEqual({
      page: undefined,
      search: undefined,
      status: undefined,
    });
    expect(validate({ page: 'x', search: '   ' })).toEqual({ page: undefined, search: undefined, status: undefined });
  });
});
