import {
  JobLimits,
  KeyAuthImportLimits,
  KeyAuthImportMessage,
  KeyAuthRowReason,
  LicenseLimits,
  type DurationType,
  type LicenseStatus,
  usernameKey,
} from '@latchkey/contracts';
import { AppError } from '../../../common/errors.js';
import { bcryptCost } from '../../../common/password-hasher.js';
import {
  banOf,
  DAY_SECONDS,
  durationOf,
  importedHwid,
  importedPasswordHash,
  textOf,
  unixDate,
} from './keyauth-fields.js';

/*
 * One record of a KeyAuth export as the row it is staged as: what a commit
 * would write, or the `problem` that keeps it out. A record the file cannot
 * be read past (too long a field, a missing name) is a 400 instead.
 */

/** A user as staged: what the commit writes, or why it cannot. */
export interface StagedUser {
  line: number;
  username: string;
  usernameKey: string | null;
  passwordHash: string | null;
  hwid: string | null;
  /** devices KeyAuth recorded: several appended IDs leave the HWID unlocked and allow that many devices */
  hwidCount: number;
  banned: boolean;
  banReason: string | null;
  ip: string | null;
  createdAt: Date | null;
  lastLoginAt: Date | null;
  problem: string | null;
}

export interface StagedSubscription {
  line: number;
  usernameKey: string;
  name: string;
  expiresAt: Date;
  /** set when the subscription cannot be staged: its user is refused with this reason instead */
  problem: string | null;
}

export interface StagedKey {
  line: number;
  key: string;
  level: number;
  durationType: DurationType;
  /** days past the duration type, counted at first use (licenses.extra_days) */
  extraDays: number;
  status: LicenseStatus;
  usedBy: string | null;
  usedByKey: string | null;
  activatedAt: Date | null;
  note: string | null;
  banReason: string | null;
  problem: string | null;
}

export type StagedRecord =
  | { section: 'users'; row: StagedUser }
  | { section: 'subscription'; row: StagedSubscription }
  | { section: 'keys'; row: StagedKey };

/** The sections of an export that hold records; a top-level array holds keys. */
export const SECTIONS = ['users', 'subscription', 'keys'] as const;
export type Section = (typeof SECTIONS)[number];
const IMPORTED_USERNAME = /^[A-Za-z0-9_.-]{1,64}$/;

/** The record `read`, the `index`th of its section and the `line`th of the file, as a staged row. */
export function stageRecord(
  section: Section,
  index: number,
  line: number,
  read: Record<string, unknown>,
  passwordCostMax: number,
): StagedRecord {
  for (const field of Object.values(read)) {
    if (typeof field === 'string' && field.length > KeyAuthImportLimits.fieldMax) {
      throw new AppError('VALIDATION', KeyAuthImportMessage.fieldTooLong(section, index));
    }
  }
  // PostgreSQL's text holds no NUL (it answered 500, issue 37): such a record is staged without its NULs,
  // and refused. A subscription's user is found with them removed; a user's or key's fields show U+FFFD.
  const nul = Object.keys(read).find((name) => typeof read[name] === 'string' && read[name].includes('\0'));
  const value = nul === undefined ? read : withoutNul(read, section === 'subscription' ? '' : '\uFFFD');
  const problem = nul === undefined ? null : KeyAuthRowReason.nul(nul.replaceAll('\0', '').slice(0, 64));
  switch (section) {
    case 'users': {
      const row = stageUser(required(value, section, index, 'username'), value, line, passwordCostMax);
      return { section, row: { ...row, problem: problem ?? row.problem } };
    }
    case 'subscription':
      return { section, row: { ...stageSubscription(value, index, line), problem } };
    case 'keys': {
      const row = stageKey(required(value, section, index, 'key'), value, line);
      return { section, row: { ...row, problem: problem ?? row.problem } };
    }
  }
}

function withoutNul(value: Record<string, unknown>, replacement: string): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(value).map(([name, field]) => [
      name,
      typeof field === 'string' ? field.replaceAll('\0', replacement) : field,
    ]),
  );
}

function required(value: Record<string, unknown>, section: Section, index: number, field: string): string {
  const text = textOf(value[field]);
  if (text === null) throw new AppError('VALIDATION', KeyAuthImportMessage.missingField(section, index, field));
  return text;
}

function stageUser(
  username: string,
  value: Record<string, unknown>,
  line: number,
  passwordCostMax: number,
): StagedUser {
  const key = IMPORTED_USERNAME.test(username) ? usernameKey(username) : null;
  const imported = importedPasswordHash(textOf(value.password));
  // A hash costlier than the server checks is not kept (issue 37): its user is skipped, saying why.
  const cost = imported ? (bcryptCost(imported) ?? 0) : 0;
  const passwordHash = cost > passwordCostMax ? null : imported;
  const { hwid, count } = importedHwid(textOf(value.hwid));
  const ban = banOf(value.banned);
  return {
    line,
    username,
    usernameKey: key,
    passwordHash: passwordHash ?? null,
    hwid,
    hwidCount: count,
    banned: ban.banned,
    banReason: ban.reason,
    ip: textOf(value.ip)?.slice(0, 64) ?? null,
    createdAt: unixDate(value.createdate),
    lastLoginAt: unixDate(value.lastlogin),
    problem:
      key === null
        ? KeyAuthRowReason.username
        : passwordHash === undefined
          ? KeyAuthRowReason.password
          : cost > passwordCostMax
            ? KeyAuthRowReason.passwordCost(cost, passwordCostMax)
            : null,
  };
}

function stageSubscription(value: Record<string, unknown>, index: number, line: number): StagedSubscription {
  const user = required(value, 'subscription', index, 'user');
  const name = required(value, 'subscription', index, 'subscription');
  return {
    line,
    usernameKey: usernameKey(user) ?? user,
    name: name.slice(0, 64),
    expiresAt: unixDate(value.expiry) ?? new Date(0),
    problem: null,
  };
}

/** KeyAuth's key statuses as Latchkey's. */
const KEY_STATUSES: Record<string, LicenseStatus> = { 'not used': 'UNUSED', used: 'USED', banned: 'BANNED' };

/**
 * A key of either format: the dashboard's `expiry` is days, the seller API's
 * `expires` seconds; only the seller API carries status, used-by, note and ban.
 */
function stageKey(key: string, value: Record<string, unknown>, line: number): StagedKey {
  const seconds =
    value.expires !== undefined ? Number(textOf(value.expires)) : Number(textOf(value.expiry)) * DAY_SECONDS;
  const duration = durationOf(seconds);
  const levelText = textOf(value.level) ?? String(LicenseLimits.levelDefault);
  const level = /^\d{1,4}$/.test(levelText) ? Number(levelText) : NaN;
  const statusText = textOf(value.status);
  const status = statusText === null ? 'UNUSED' : KEY_STATUSES[statusText.toLowerCase()];
  const usedBy = textOf(value.usedby);
  const ban = banOf(value.banned);
  const problem = !JobLimits.importKeyPattern.test(key)
    ? KeyAuthRowReason.key
    : !(level >= LicenseLimits.levelMin && level <= LicenseLimits.levelMax)
      ? KeyAuthRowReason.level
      : duration === null
        ? KeyAuthRowReason.expiry
        : status === undefined
          ? KeyAuthRowReason.status
          : null;
  return {
    line,
    key,
    level: Number.isFinite(level) ? level : 0,
    durationType: duration?.type ?? '1d',
    extraDays: duration?.extraDays ?? 0,
    status: status ?? 'UNUSED',
    usedBy: status === 'UNUSED' ? null : usedBy,
    usedByKey: status === 'UNUSED' || usedBy === null ? null : usernameKey(usedBy),
    activatedAt: status === 'UNUSED' ? null : (unixDate(value.usedon) ?? null),
    note: textOf(value.note)?.slice(0, LicenseLimits.noteMax) ?? null,
    banReason: status === 'BANNED' ? (ban.reason ?? textOf(value.banned)) : null,
    problem,
  };
}
