import { pipeline, Readable } from 'node:stream';
import {
  ClientLimits,
  type DurationType,
  JobLimits,
  KeyAuthImportLimits,
  KeyAuthImportMessage,
  type KeyAuthImportFormat,
  KeyAuthRowReason,
  LicenseLimits,
  type LicenseStatus,
  usernameKey,
} from '@latchkey/contracts';
import StreamJson from 'stream-json';
import Assembler from 'stream-json/Assembler.js';
import { AppError } from '../../../common/errors.js';
import { bcryptCost } from '../../../common/password-hasher.js';

/*
 * Reading a KeyAuth export as it streams in (issue 26): the JSON is parsed
 * token by token (stream-json), each record of a section (`users`,
 * `subscription`, `keys`, or the elements of a top-level array of keys) is
 * assembled alone and turned into a staged row, so a file of 100k users is
 * never held in memory, once or twice. What makes the whole file unreadable
 * (not JSON, not a KeyAuth shape, a record that is not an object or lacks
 * the field that names it) is a 400 naming the problem; what is wrong with
 * one record's values is that row's `problem`, shown in the preview.
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

/** What the server allows of an imported record. */
export interface KeyAuthFileRules {
  /** the most a password hash may cost (PasswordHasher.plainCostMax): a costlier one is never checked */
  passwordCostMax: number;
}

/** What the whole file turned out to be, known once it has been read. */
export interface KeyAuthFileSummary {
  format: KeyAuthImportFormat;
}

const DAY_SECONDS = 86_400;
/** KeyAuth's "lifetime" is a duration of thousands of days (about 27 years in its cloud): ten years or more is lifetime here. */
const LIFETIME_DAYS = 3650;
/** Durations Latchkey names exactly; any other whole number of days is `1d` plus extra days. */
const DAYS_OF_TYPE: Array<[DurationType, number]> = [
  ['365d', 365],
  ['90d', 90],
  ['30d', 30],
  ['7d', 7],
  ['1d', 1],
];
/** A bcrypt hash of a cost bcrypt computes (4-31). */
const BCRYPT = /^\$2[aby]\$(0[4-9]|[12]\d|3[01])\$[./A-Za-z0-9]{53}$/;
const IMPORTED_USERNAME = /^[A-Za-z0-9_.-]{1,64}$/;
/** KeyAuth's Windows clients send the user's SID as HWID, and it appends each new one to the same field. */
const APPENDED_SID = /(?=S-1-\d)/;
const SECTIONS = ['users', 'subscription', 'keys'] as const;
type Section = (typeof SECTIONS)[number];

/**
 * The records of a KeyAuth export, in file order, each with a line number
 * (its position among every record of the file). `summary` is filled once
 * the last one has been yielded.
 */
export async function* keyAuthRecords(
  file: AsyncIterable<Buffer>,
  summary: Partial<KeyAuthFileSummary>,
  { passwordCostMax }: KeyAuthFileRules,
): AsyncGenerator<StagedRecord> {
  let depth = 0;
  let root: 'array' | 'object' | null = null;
  let topKey: string | null = null;
  let section: Section | null = null;
  let element: Assembler | null = null;
  const counts: Record<Section, number> = { users: 0, subscription: 0, keys: 0 };
  const top: { success?: unknown; message?: unknown } = {};
  let line = 0;
  let sawSection = false;
  let bytes = 0;
  const counted = (async function* () {
    for await (const chunk of file) {
      bytes += chunk.length;
      yield chunk;
    }
  })();
  // pipeline, not pipe: an error of the upload reaches the loop below instead of crashing the process (issue 37).
  const tokens = pipeline(Readable.from(counted), StreamJson.parser({ streamValues: false }), () => undefined);
  try {
    for await (const token of tokens as AsyncIterable<{ name: string; value?: unknown }>) {
      if (element) {
        element.consume(token as never);
        if (element.done) {
          line += 1;
          yield stage(section!, counts[section!]++, line, element.current, passwordCostMax);
          element = null;
        }
        continue;
      }
      const opens = token.name === 'startObject' || token.name === 'startArray';
      const closes = token.name === 'endObject' || token.name === 'endArray';
      if (depth === 0 && !root) {
        if (token.name === 'startArray') [root, section] = ['array', 'keys'];
        else if (token.name === 'startObject') root = 'object';
        else throw new AppError('VALIDATION', KeyAuthImportMessage.unknownShape);
      } else if (root === 'object' && depth === 1 && token.name === 'keyValue') {
        topKey = String(token.value);
      } else if (root === 'object' && depth === 1 && !closes) {
        if (token.name === 'startArray' && (SECTIONS as readonly string[]).includes(topKey!)) {
          section = topKey as Section;
          sawSection = true;
        } else if (topKey === 'success' || topKey === 'message') top[topKey] = scalar(token);
      } else if (section && depth === (root === 'array' ? 1 : 2) && !closes) {
        if (token.name !== 'startObject') throw new AppError('VALIDATION', notAnObject(section, counts[section]));
        if (counts[section] >= KeyAuthImportLimits.maxRows) {
          throw new AppError('VALIDATION', KeyAuthImportMessage.tooManyRows(section));
        }
        element = new Assembler();
        element.consume(token as never);
        continue;
      } else if (section && depth === (root === 'array' ? 1 : 2) && token.name === 'endArray') {
        section = null;
      }
      if (opens) depth += 1;
      if (closes) depth -= 1;
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const message = (err as Error).message;
    if (/^Parser /.test(message)) {
      const detail = bytes === 0 ? 'the file is empty' : parserDetail(message);
      throw new AppError('VALIDATION', KeyAuthImportMessage.notJson(detail));
    }
    throw err;
  }
  if (!root) throw new AppError('VALIDATION', KeyAuthImportMessage.notJson('the file is empty'));
  if (top.success === false && counts.users + counts.keys === 0) {
    throw new AppError('VALIDATION', KeyAuthImportMessage.failedAnswer(String(top.message ?? '')));
  }
  if (counts.users + counts.keys === 0) {
    const known = root === 'array' || sawSection;
    throw new AppError('VALIDATION', known ? KeyAuthImportMessage.empty : KeyAuthImportMessage.unknownShape);
  }
  const seller = 'success' in top;
  summary.format =
    counts.users > 0
      ? seller
        ? 'seller-users'
        : 'dashboard-users'
      : root === 'array'
        ? 'dashboard-keys'
        : seller
          ? 'seller-keys'
          : 'dashboard-keys';
}

function scalar(token: { name: string; value?: unknown }): unknown {
  if (token.name === 'trueValue') return true;
  if (token.name === 'falseValue') return false;
  if (token.name === 'stringValue' || token.name === 'numberValue') return token.value;
  return null;
}

/** stream-json says "Parser cannot parse input: expected a value" or "Parser has expected a value": the owner reads the rest. */
function parserDetail(message: string): string {
  return message.replace(/^Parser (cannot parse input:\s*|has )/, '');
}

function notAnObject(section: Section, index: number): string {
  return KeyAuthImportMessage.notAnObject(section === 'keys' ? 'keys' : section, index);
}

function stage(
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

/** A field as text: strings trimmed, numbers written out; empty, null and other types are absent. */
function textOf(field: unknown): string | null {
  if (typeof field === 'number' && Number.isFinite(field)) return String(field);
  if (typeof field !== 'string') return null;
  const trimmed = field.trim();
  return trimmed === '' ? null : trimmed;
}

/** Unix seconds (KeyAuth stores them as text or numbers) as a date; anything else is absent. */
function unixDate(field: unknown): Date | null {
  const text = textOf(field);
  if (text === null || !/^\d{1,12}$/.test(text)) return null;
  return new Date(Number(text) * 1000);
}

/** KeyAuth's `banned`: the ban reason, or null; a boolean or 0/1 from other dumps. */
function banOf(field: unknown): { banned: boolean; reason: string | null } {
  if (field === true || field === 1 || field === '1') return { banned: true, reason: null };
  const text = typeof field === 'string' ? textOf(field) : null;
  if (text === null || text === '0') return { banned: false, reason: null };
  return { banned: true, reason: text.slice(0, LicenseLimits.banReasonMax) };
}

/** `$2y$` is PHP's name for the bcrypt Node's library writes `$2b$`: the same algorithm, so the hash is renamed, not redone. */
export function importedPasswordHash(password: string | null): string | null | undefined {
  if (password === null) return null;
  if (!BCRYPT.test(password)) return undefined;
  return password.startsWith('$2y$') ? `$2b$${password.slice(4)}` : password;
}

/**
 * KeyAuth's HWID column as Latchkey's one HWID lock: one ID is kept as the
 * lock; several appended SIDs (KeyAuth's multi-HWID apps) leave the user
 * unlocked with that many devices allowed, so none of the user's machines is
 * locked out. A value longer than a client may send is not kept.
 */
export function importedHwid(field: string | null): { hwid: string | null; count: number } {
  if (field === null) return { hwid: null, count: 0 };
  const ids = field.split(APPENDED_SID).filter((id) => id !== '');
  if (ids.length > 1) return { hwid: null, count: Math.min(ids.length, LicenseLimits.maxDevicesMax) };
  return { hwid: field.length <= ClientLimits.hwidMax ? field : null, count: 1 };
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

/** A KeyAuth duration in seconds as a Latchkey duration type plus extra days; null when it is not a positive number. */
export function durationOf(seconds: number): { type: DurationType; extraDays: number } | null {
  if (!Number.isFinite(seconds) || seconds <= 0) return null;
  if (seconds <= 3600) return { type: '1h', extraDays: 0 };
  const days = Math.ceil(seconds / DAY_SECONDS - 1e-9);
  if (days >= LIFETIME_DAYS) return { type: 'lifetime', extraDays: 0 };
  const exact = DAYS_OF_TYPE.find(([, length]) => length === days);
  return exact ? { type: exact[0], extraDays: 0 } : { type: '1d', extraDays: days - 1 };
}
