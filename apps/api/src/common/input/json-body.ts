import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * How deeply a JSON body may nest objects and arrays (`{"a":[1]}` is 2). No
 * route takes more than 3; the margin leaves room for bodies yet to come
 * without letting a hostile one through. Deeper bodies get 400 before they are
 * parsed: `JSON.parse` of 170,000 nested arrays blocks the event loop for a
 * fifth of a second, and anything that then walks the result recursively (the
 * validation pipe's class-transformer) overflows the stack.
 */
export const MAX_BODY_DEPTH = 16;

export const BODY_TOO_DEEP_MESSAGE = `Request body must not nest objects or arrays more than ${MAX_BODY_DEPTH} levels deep`;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/**
 * True when `text` opens more than `maxDepth` objects or arrays inside one
 * another. One pass over the characters, skipping string contents; it does
 * not validate JSON (the parser after it does), so malformed text is not its
 * concern beyond never looping or recursing.
 */
export function nestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      // Skip to the closing quote; an escaped character is skipped with its backslash.
      for (i++; i < text.length; i++) {
        const s = text.charCodeAt(i);
        if (s === BACKSLASH) i++;
        else if (s === QUOTE) break;
      }
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > maxDepth) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}

/** A body-parsing refusal, shaped like Fastify's own (a 400 with a code) so both servers' error handlers answer it. */
export class JsonBodyError extends Error {
  readonly statusCode = 400;
  constructor(
    readonly code: 'FST_ERR_CTP_EMPTY_JSON_BODY' | 'FST_ERR_CTP_INVALID_JSON_BODY' | 'LK_BODY_TOO_DEEP',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Parses a JSON request body after refusing one nested beyond MAX_BODY_DEPTH.
 * Keys such as `__proto__` are kept as plain own keys (as Fastify does with
 * `onProtoPoisoning: 'ignore'`), so the hostile-input check can refuse them
 * by name.
 */
export function parseJsonBody(text: string): unknown {
  if (text.length === 0) throw new JsonBodyError('FST_ERR_CTP_EMPTY_JSON_BODY', 'Malformed JSON body');
  if (nestsDeeperThan(text, MAX_BODY_DEPTH)) throw new JsonBodyError('LK_BODY_TOO_DEEP', BODY_TOO_DEEP_MESSAGE);
  try {
    return JSON.parse(text);
  } catch {
    throw new JsonBodyError('FST_ERR_CTP_INVALID_JSON_BODY', 'Malformed JSON body');
  }
}

/** The `application/json` parser of a Fastify instance (callback style, which Fastify and Nest both take). */
export function jsonBodyParser(
  _request: FastifyRequest,
  body: string | Buffer,
  done: (error: Error | null, parsed?: unknown) => void,
): void {
  let parsed: unknown;
  try {
    parsed = parseJsonBody(typeof body === 'string' ? body : body.toString('utf8'));
  } catch (err) {
    return done(err as Error);
  }
  done(null, parsed);
}

/** Puts jsonBodyParser in place of Fastify's own JSON parser on a plain Fastify instance. */
export function useJsonBodyParser(fastify: FastifyInstance): void {
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, jsonBodyParser);
}
