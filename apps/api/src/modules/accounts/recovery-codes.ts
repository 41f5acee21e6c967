import { randomInt } from 'node:crypto';
import { sha256 } from '../../common/crypto.js';

/**
 * Recovery codes: 16 characters of Crockford's base32 (80 random bits),
 * shown as four groups of four. Only their SHA-256 is stored: at 80 bits a
 * digest cannot be reversed by trying codes, so no slow hash is needed. A
 * presented code is read leniently: any case, with or without dashes or
 * spaces, and the letters people confuse with digits (i, l, o) as those digits.
 */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const CODE_LENGTH = 16;
const GROUP = 4;

export function newRecoveryCode(): string {
  const chars = Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]!);
  const groups: string[] = [];
  for (let i = 0; i < CODE_LENGTH; i += GROUP) groups.push(chars.slice(i, i + GROUP).join(''));
  return groups.join('-');
}

/** The code as stored: lower case, separators dropped, look-alike letters as their digits; null when it cannot be one. */
export function normalizeRecoveryCode(code: string): string | null {
  const normalized = code
    .toLowerCase()
    .replace(/[\s-]+/g, '')
    .replace(/[il]/g, '1')
    .replace(/o/g, '0');
  if (normalized.length !== CODE_LENGTH || [...normalized].some((c) => !ALPHABET.includes(c))) return null;
  return normalized;
}

/** The stored digest of a code, or null when `code` cannot be one. */
export function recoveryCodeDigest(code: string): Buffer | null {
  const normalized = normalizeRecoveryCode(code);
  return normalized === null ? null : sha256(normalized);
}
