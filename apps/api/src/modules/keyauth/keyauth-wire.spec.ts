import { describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import {
  asciiJson,
  hmacKey,
  hmacSignature,
  inKeyAuthFieldNames,
  requestFields,
  versionOfPath,
} from './keyauth-wire.js';

describe('requestFields', () => {
  it('merges the query string and the body (the body wins), trims, and drops empty and repeated fields', () => {
    const fields = requestFields(
      { type: 'file', fileid: '123', sessionid: 'from-query', empty: 'x' },
      { sessionid: ' from-body ', code: '   ', twice: ['a', 'b'], empty: '' },
    );
    expect(Object.fromEntries(fields)).toEqual({ type: 'file', fileid: '123', sessionid: 'from-body' });
  });

  it('reads nothing from a missing body', () => {
    expect(requestFields(undefined, null).size).toBe(0);
  });
});

describe('asciiJson', () => {
  it('escapes every character outside printable ASCII, and parses back to the same value', () => {
    const value = { message: 'Grüße ✓ 日本 😀', del: '\u007f' };
    const body = asciiJson(value);
    expect(body).toMatch(/^[\x20-\x7e]*$/);
    expect(body).toContain('Gr\\u00fc\\u00dfe \\u2713 \\u65e5\\u672c \\ud83d\\ude00');
    expect(JSON.parse(body)).toEqual(value);
  });
});

describe('1.2 signatures', () => {
  it('are the hex HMAC-SHA256 of the body under the secret for init, enckey-secret after', () => {
    const secret = 'ab'.repeat(32);
    expect(hmacKey(secret, null)).toBe(secret);
    expect(hmacKey(secret, 'client-key')).toBe(`client-key-${secret}`);
    const expected = createHmac('sha256', `client-key-${secret}`).update('{"success":true}').digest('hex');
    expect(hmacSignature(hmacKey(secret, 'client-key'), '{"success":true}')).toBe(expected);
  });
});

describe('versionOfPath', () => {
  it.each([
    ['/api/1.3/', '1.3'],
    ['/api/1.3', '1.3'],
    ['/api/1.2/?type=init', '1.2'],
    ['/api/1.2?type=init', '1.2'],
    ['/api/1.1/', null],
    ['/api/1.3/x', null],
    ['/api/1.33', null],
    ['/v1', null],
  ])('%s is %s', (url, version) => {
    expect(versionOfPath(url)).toBe(version);
  });
});

describe('inKeyAuthFieldNames', () => {
  it('names the fields as KeyAuth clients send them', () => {
    expect(inKeyAuthFieldNames('licenseKey is required')).toBe('key is required');
    expect(inKeyAuthFieldNames('password must be 6-128 characters')).toBe('pass must be 6-128 characters');
    expect(inKeyAuthFieldNames('username must be 3-32 characters')).toBe('username must be 3-32 characters');
  });
});
