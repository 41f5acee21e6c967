import { pipeline, Readable } from 'node:stream';
import { KeyAuthImportLimits, KeyAuthImportMessage, type KeyAuthImportFormat } from '@latchkey/contracts';
import StreamJson from 'stream-json';
import Assembler from 'stream-json/Assembler.js';
import { AppError } from '../../../common/errors.js';
import { type Section, SECTIONS, stageRecord, type StagedRecord } from './keyauth-records.js';

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

/** What the server allows of an imported record. */
export interface KeyAuthFileRules {
  /** the most a password hash may cost (PasswordHasher.plainCostMax): a costlier one is never checked */
  passwordCostMax: number;
}

/** What the whole file turned out to be, known once it has been read. */
export interface KeyAuthFileSummary {
  format: KeyAuthImportFormat;
}

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
          yield stageRecord(section!, counts[section!]++, line, element.current, passwordCostMax);
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
