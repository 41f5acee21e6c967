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

/** The message for the first hostile key or string in `value`, or null when there is none. */
export function findHostileInput(value: unknown, field = 'body', depth = 0): string | null {
  if (typeof value === 'string') {
    return isStorableText(value) ? null : `${field} must not contain NUL or unpaired surrogate characters`;
  }
  if (typeof value !== 'object' || value === null) return null;
  if (depth >= MAX_BODY_DEPTH) return BODY_TOO_DEEP_MESSAGE;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const problem = findHostileInput(value[i], `${field}[${i}]`, depth + 1);
      if (problem) return problem;
    }
    return null;
  }
  for (const key of Object.keys(value)) {
    if (PROTOTYPE_KEYS.has(key)) return `${key} is not an allowed field name`;
    if (!isStorableText(key)) return `${field} has a field name with NUL or unpaired surrogate characters`;
    const problem = findHostileInput(
      (value as Record<string, unknown>)[key],
      depth === 0 ? key : `${field}.${key}`,
      depth + 1,
    );
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
