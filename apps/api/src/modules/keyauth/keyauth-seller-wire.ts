import { SellerLimits } from '@latchkey/contracts';
import type { FastifyReply } from 'fastify';
import { randomInt } from 'node:crypto';

/*
 * KeyAuth's seller API on the wire (docs/migrating-from-keyauth.md, "Seller
 * API"): the answer, a refusal, KeyAuth's words, and keys drawn from a mask.
 */

/** A seller call's answer: JSON `{ success, message, ...fields }`, or `text` alone for `format=text`. */
export interface SellerAnswer {
  success: boolean;
  message: string;
  fields?: Record<string, unknown>;
  /** what `format=text` answers on success (the bare key or keys, one a line) */
  text?: string;
  status?: number;
  retryAfterSeconds?: number;
}

/** A refusal in KeyAuth's words, answered `success: false` with `status`. */
export class SellerRefusal extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

/**
 * Writes the answer. A refusal is JSON even under `format=text`: the tools
 * that ask for text (the KeyAuth Discord bot, shops' dynamic delivery) tell a
 * refusal by its `message` field, and a shop must never deliver one as a key.
 */
export function sendSellerAnswer(reply: FastifyReply, answer: SellerAnswer, format: string | undefined): void {
  reply.status(answer.status ?? 200);
  if (answer.retryAfterSeconds !== undefined) reply.header('retry-after', String(answer.retryAfterSeconds));
  if (answer.success && answer.text !== undefined && format?.toLowerCase() === 'text') {
    reply.header('content-type', 'text/plain; charset=utf-8').send(answer.text);
    return;
  }
  reply
    .header('content-type', 'application/json; charset=utf-8')
    .send(JSON.stringify({ success: answer.success, message: answer.message, ...answer.fields }));
}

/** The seller API's path, with or without the trailing slash and a query string. */
export function isSellerPath(url: string): boolean {
  return /^\/api\/seller\/?(?:\?|$)/.test(url);
}

export const SellerText = {
  sellerKeyNotFound: 'Seller Key Not Found',
  compatibilityOff: 'KeyAuth compatibility is off for this application: turn it on in the console',
  typeMissing: 'Type not specified',
  notServed: (type: string) =>
    `${type.slice(0, 32)} is not offered by this server (Latchkey's KeyAuth seller API): see its migration guide`,
  tooFrequent: 'Seller key used too frequently! Try again later.',
  unavailable: 'Service unavailable, try again later',
  missing: (field: string) => `${field} not set`,
  keyGenerated: 'License Successfully Generated',
  keysGenerated: 'Licenses successfully generated',
  expiryNotSet: 'Expiry not set',
  expiryInvalid: `Expiry must be a number of days above 0 and at most ${SellerLimits.daysMax}`,
  levelInvalid: (min: number, max: number) => `Level must be a whole number from ${min} to ${max}`,
  amountTooHigh: `You can only generate ${SellerLimits.amountMax} licenses at a time`,
  maskInvalid: `Mask must be at most ${SellerLimits.maskMax} characters of A-Z, a-z, 0-9, - and the random characters *, X, x`,
  maskTooGuessable: `Mask must have at least ${SellerLimits.maskRandomMin} random characters (*, X or x)`,
  characterInvalid: 'character must be 1 (upper and lower case), 2 (upper case) or 3 (lower case)',
  keyVerified: 'Key Successfully Verified',
  keyNotFound: 'Key Not Found',
  keyInfo: 'Successfully retrieved license info',
  keyDeleted: 'Successfully Deleted License',
  keyBanned: 'Successfully banned license!',
  keyUnbanned: 'Successfully unbanned license!',
  userNotFound: 'User Not Found',
  userCreated: 'Successfully created user!',
  userReset: 'Successfully Reset User',
  userVerified: 'User Successfully Verified',
  userBanned: 'Successfully banned user!',
  userUnbanned: 'Successfully unbanned user!',
  userDeleted: 'Successfully Deleted User',
  userExtended: 'Successfully extended user(s)!',
  extendAll: 'Extending every user is a bulk job on this server: use the console (Jobs, users.extend)',
  keysFetched: 'Successfully Retrieved Licenses',
  noKeys: 'No License Keys Found',
  usersFetched: 'Successfully Retrieved Users',
  noUsers: 'No Users Found',
  userVariableSet: 'Successfully set variable!',
  userVariableFetched: 'Successfully retrieved variable',
  userVariableNotFound: 'Variable not found for user',
  setAllUsers: 'Setting a variable of every user is not offered by this server: name one user',
  variableNotFound: 'Variable not found',
  variableEdited: 'Successfully edited variable!',
  statsFetched: 'Successfully retrieved stats',
} as const;

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
/** `*`'s characters for KeyAuth's `character`: 1 both cases, 2 upper case, 3 lower case (with digits). */
const STAR_CHARACTERS: Record<string, string> = {
  '1': UPPER + LOWER + DIGITS,
  '2': UPPER + DIGITS,
  '3': LOWER + DIGITS,
};
const MASK_PATTERN = /^[A-Za-z0-9*-]+$/;

/**
 * A key drawer for a KeyAuth mask: `*` a random character of `character`'s
 * set, `X` a random upper-case letter or digit, `x` a lower-case one; every
 * other character stays. Refuses a mask that would make guessable keys.
 */
export function maskDrawer(mask: string, character: string): () => string {
  const star = STAR_CHARACTERS[character];
  if (star === undefined) throw new SellerRefusal(SellerText.characterInvalid);
  if (mask.length > SellerLimits.maskMax || !MASK_PATTERN.test(mask)) throw new SellerRefusal(SellerText.maskInvalid);
  const sets = [...mask].map((c) => (c === '*' ? star : c === 'X' ? UPPER + DIGITS : c === 'x' ? LOWER + DIGITS : c));
  if (sets.filter((set) => set.length > 1).length < SellerLimits.maskRandomMin) {
    throw new SellerRefusal(SellerText.maskTooGuessable);
  }
  return () => sets.map((set) => (set.length > 1 ? set[randomInt(set.length)] : set)).join('');
}

/** The OpenAPI description of the seller API (it has no controller). */
export function sellerEndpointOpenApi() {
  const operation = {
    tags: ['keyauth'],
    summary: "KeyAuth's seller API, for shops, Discord bots and seller panels (docs/migrating-from-keyauth.md)",
    description:
      "`sellerkey` (the app's seller key, made in the console) and `type` in the query string or a form body, with the " +
      "type's own fields. Answers JSON `{ success, message, ... }`; `format=text` answers a success as plain text. " +
      'Refusals: 400 bad input, 403 compatibility off, 404 unknown seller key or record, 429 rate limit.',
    parameters: [
      { name: 'sellerkey', in: 'query' as const, required: true, schema: { type: 'string' } },
      { name: 'type', in: 'query' as const, required: true, schema: { type: 'string' } },
      { name: 'format', in: 'query' as const, required: false, schema: { type: 'string', enum: ['json', 'text'] } },
    ],
    responses: { '200': { description: 'A KeyAuth seller answer `{ success, message, ... }`' } },
  };
  return { get: operation, post: operation };
}
