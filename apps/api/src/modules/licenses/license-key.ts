import {
  DURATION_MS,
  type DurationType,
  KEY_ALPHABET,
  KEY_SEGMENT_LENGTH,
  KEY_SEGMENTS,
  LATEST_EXPIRY_MS,
} from '@latchkey/contracts';
import { randomInt } from 'node:crypto';

/** Keys made otherwise than the console's (KeyAuth's seller API): drawn from a mask, with extra days. */
export interface KeyShape {
  drawKey?: () => string;
  extraDays?: number;
}

function segment(): string {
  let out = '';
  for (let i = 0; i < KEY_SEGMENT_LENGTH; i += 1) out += KEY_ALPHABET[randomInt(KEY_ALPHABET.length)];
  return out;
}

/**
 * A license key: four hyphen-separated segments of five characters from the
 * unambiguous alphabet, drawn from the CSPRNG. A prefix replaces the first
 * segment (`PREFIX-XXXXX-XXXXX-XXXXX`).
 */
export function generateLicenseKey(prefix?: string | null): string {
  const segments = Array.from({ length: KEY_SEGMENTS }, segment);
  if (prefix) segments[0] = prefix;
  return segments.join('-');
}

const DAY_MS = 86_400_000;

/**
 * When a duration started at `from` ends, with `extraDays` (time a bulk job
 * added to the unused key) on top, up to LATEST_EXPIRY; null for lifetime.
 */
export function durationEnd(durationType: DurationType, from: Date, extraDays = 0): Date | null {
  const ms = DURATION_MS[durationType];
  return ms === null ? null : new Date(Math.min(from.getTime() + ms + extraDays * DAY_MS, LATEST_EXPIRY_MS));
}

/**
 * A user's new expiry after redeeming a key of `durationType` (and its
 * `extraDays`): the duration is added to whichever is later, now or the
 * current expiry, up to LATEST_EXPIRY (a user that far out is one an owner set
 * there by hand; the upgrade still succeeds). Lifetime on either side stays
 * lifetime.
 */
export function extendExpiry(current: Date | null, durationType: DurationType, now: Date, extraDays = 0): Date | null {
  const ms = DURATION_MS[durationType];
  if (current === null || ms === null) return null;
  return new Date(Math.min(Math.max(now.getTime(), current.getTime()) + ms + extraDays * DAY_MS, LATEST_EXPIRY_MS));
}
