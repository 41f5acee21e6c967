import { fieldPath, type Problem } from '../errors.js';
import { BODY_TOO_DEEP_MESSAGE, MAX_BODY_DEPTH } from './json-body.js';

/**
 * Input no route may accept, whatever its fields (contract, "Conventions"):
 * keys that steer JavaScript's object model (`constructor`, `__proto__`,
 * `prototype`) and strings PostgreSQL or UTF-8 cannot hold (a NUL character,
 * an unpaired UTF-16 surrogate), at any depth. One walk over a parsed body or
 * query finds the first such problem and names where it is. JSON bodies
 * nested beyond MAX_BODY_DEPTH never get here (json-body.ts); a value that
 * does nest deeper is refused too, so the walk is never cut short.
 */
const PROTOTYPE_KEYS = new Set(['constructor', '__proto__', 'prototype']);

/** A hostile key or string: the message, and the path of the field it is in (absent: the body or query itself). */
export type HostileInput = Problem;

/** The first hostile key or string in `value` (a body, or the query when `label` is 'query'), or null when there is none. */
export function findHostileInput(value: unknown, label = 'body'): HostileInput | null {
  return findIn(value, undefined, label, 0);
}

function findIn(value: unknown, path: string | undefined, label: string, depth: number): HostileInput | null {
  const where = path ?? label;
  if (typeof value === 'string') {
    return isStorableText(value)
      ? null
      : { field: path, message: `${where} must not contain NUL or unpaired surrogate characters` };
  }
  if (typeof value !== 'object' || value === null) return null;
  if (depth >= MAX_BODY_DEPTH) return { field: path, message: BODY_TOO_DEEP_MESSAGE };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const problem = findIn(value[i], fieldPath(where, i), label, depth + 1);
      if (problem) return problem;
    }
    return null;
  }
  for (const key of Object.keys(value)) {
    if (PROTOTYPE_KEYS.has(key)) return { field: fieldPath(path, key), message: `${key} is not an allowed field name` };
    if (!isStorableText(key)) {
      return { field: path, message: `${where} has a field name with NUL or unpaired surrogate characters` };
    }
    const problem = findIn((value as Record<string, unknown>)[key], fieldPath(path, key), label, depth + 1);
    if (problem) return problem;
  }
  return null;
}

// NUL is the very character to find here.
// eslint-disable-next-line no-control-regex
const NUL_OR_LONE_SURROGATE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** False for a NUL character or an unpaired UTF-16 surrogate. */
export function isStorableText(text: string): boolean {
  return !NUL_OR_LONE_SURROGATE.test(text);
}
