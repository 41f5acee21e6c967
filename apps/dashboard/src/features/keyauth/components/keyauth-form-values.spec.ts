import { describe, expect, it } from '@jest/globals';
import type { KeyAuthSettings } from '@latchkey/contracts';
import {
  keyAuthRules,
  nextSubscriptionLevel,
  subscriptionLevelRule,
  toFormValues,
  toRequest,
} from './keyauth-form-values';

const SETTINGS: KeyAuthSettings = {
  enabled: false,
  ownerId: 'Ab3De6Gh9J',
  name: 'Nova',
  versions: ['1.2', '1.3'],
  subscriptionNames: { '10': 'vip', '2': 'premium' },
  fetchOnline: false,
  selfBan: true,
  checkVersion: false,
  appVersion: null,
  downloadUrl: null,
  publicKeyHex: 'ab'.repeat(32),
  secretSet: false,
  endpoints: { v13: 'https://lk.example/api/1.3/', v12: 'https://lk.example/api/1.2/' },
};

describe('toFormValues / toRequest', () => {
  it('turns the level map into rows by level, and nulls into empty inputs', () => {
    const values = toFormValues(SETTINGS);
    expect(values.subscriptionNames).toEqual([
      { level: 2, name: 'premium' },
      { level: 10, name: 'vip' },
    ]);
    expect(values.versions).toEqual(['1.3', '1.2']);
    expect(values.checkVersion).toBe(false);
    expect(values.downloadUrl).toBe('');
  });

  it('sends every field: trimmed texts, empty optional texts as null, the rows as a map', () => {
    const values = {
      ...toFormValues(SETTINGS),
      enabled: true,
      ownerId: ' Zz0Zz0Zz0Z ',
      name: ' Nova Pro ',
      versions: ['1.2' as const],
      subscriptionNames: [{ level: 3, name: ' gold ' }],
      checkVersion: true,
      downloadUrl: '  ',
    };
    expect(toRequest(values)).toEqual({
      enabled: true,
      ownerId: 'Zz0Zz0Zz0Z',
      name: 'Nova Pro',
      versions: ['1.2'],
      subscriptionNames: { '3': 'gold' },
      fetchOnline: false,
      selfBan: true,
      checkVersion: true,
      downloadUrl: null,
    });
  });

  it('round-trips the settings it was given', () => {
    const { publicKeyHex: _key, secretSet: _secret, endpoints: _urls, appVersion: _version, ...editable } = SETTINGS;
    expect(toRequest(toFormValues(SETTINGS))).toEqual({ ...editable, versions: ['1.3', '1.2'] });
  });
});

describe('keyAuthRules', () => {
  it('takes an ownerid of exactly 10 letters or digits', () => {
    expect(keyAuthRules.ownerId('Ab3De6Gh9J')).toBe(true);
    expect(keyAuthRules.ownerId('Ab3De6Gh9')).toBe('ownerId must be 10 characters of A-Z, a-z, 0-9');
    expect(keyAuthRules.ownerId('Ab3De6Gh9-')).toBe('ownerId must be 10 characters of A-Z, a-z, 0-9');
  });

  it('takes a name of 1 to 64 characters once trimmed', () => {
    expect(keyAuthRules.name('Nova')).toBe(true);
    expect(keyAuthRules.name('   ')).toBe('name must be 1-64 characters');
    expect(keyAuthRules.name('x'.repeat(65))).toBe('name must be 1-64 characters');
  });

  it('needs at least one protocol version', () => {
    expect(keyAuthRules.versions(['1.3'])).toBe(true);
    expect(keyAuthRules.versions([])).toBe('versions must be a non-empty list of distinct versions of: 1.3, 1.2');
  });

  it('takes an empty download URL or an http(s) one', () => {
    expect(keyAuthRules.downloadUrl('')).toBe(true);
    expect(keyAuthRules.downloadUrl('https://example.com/app.zip')).toBe(true);
    expect(keyAuthRules.downloadUrl('ftp://example.com/app.zip')).toBe('downloadUrl must be an http or https URL');
  });

  it('limits the subscription names', () => {
    expect(keyAuthRules.subscriptionName('gold')).toBe(true);
    expect(keyAuthRules.subscriptionName(' ')).toBe('subscription name must be 1-64 characters');
  });
});

describe('subscription levels', () => {
  const rows = [
    { level: 1, name: 'basic' },
    { level: 5, name: 'gold' },
    { level: 5, name: 'again' },
  ];

  it('refuses a level out of range or already named on an earlier row', () => {
    expect(subscriptionLevelRule(rows, 0)(1)).toBe(true);
    expect(subscriptionLevelRule(rows, 1)(5)).toBe(true);
    expect(subscriptionLevelRule(rows, 2)(5)).toBe('Level 5 already has a name above');
    expect(subscriptionLevelRule(rows, 0)(0)).toBe('level must be an integer between 1 and 1000');
    expect(subscriptionLevelRule(rows, 0)(Number.NaN)).toBe('level must be an integer between 1 and 1000');
  });

  it('offers the level after the highest one, from 1, never past the maximum', () => {
    expect(nextSubscriptionLevel([])).toBe(1);
    expect(nextSubscriptionLevel(rows)).toBe(6);
    expect(nextSubscriptionLevel([{ level: Number.NaN, name: '' }])).toBe(1);
    expect(nextSubscriptionLevel([{ level: 1000, name: 'top' }])).toBe(1000);
  });
});
