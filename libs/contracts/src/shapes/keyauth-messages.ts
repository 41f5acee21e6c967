import { ValidateBy } from 'class-validator';
import { KEYAUTH_MESSAGE_NAMES, KeyAuthLimits, KeyAuthMessage, type KeyAuthMessageName } from '../keyauth.js';

/*
 * The request shape of an app's replaced KeyAuth messages (issue 40): the one
 * declaration of its rules. The API's DTO (keyauth-messages.dto.ts) adds
 * OpenAPI only; the console's messages editor validates with it too.
 */

/** A line a client shows: no control characters (PostgreSQL's jsonb refuses NUL, and message boxes show one line). */
const CONTROL_CHARACTER = /\p{Cc}/u;

/** An object mapping known message names to texts within KeyAuthLimits' bounds. */
function isMessageOverrides(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.entries(value).every(
    ([name, text]) =>
      (KEYAUTH_MESSAGE_NAMES as string[]).includes(name) &&
      typeof text === 'string' &&
      text.length >= KeyAuthLimits.messageMin &&
      text.length <= KeyAuthLimits.messageMax &&
      !CONTROL_CHARACTER.test(text),
  );
}

/** The official C++ client refuses an authentication answered `Initialized` (a replayed init). */
function isNotInitialized(value: unknown): boolean {
  return (value as Record<string, unknown> | null)?.loggedInMsg !== 'Initialized';
}

/** `PUT /v1/admin/apps/{appId}/keyauth/messages`: every replacement, the ones left out answered with their default. */
export class UpdateKeyAuthMessagesRequest {
  @ValidateBy(
    { name: 'isKeyAuthLoginNotInitialized', validator: { validate: isNotInitialized } },
    { message: KeyAuthMessage.loggedInInitialized },
  )
  @ValidateBy(
    { name: 'isKeyAuthMessageOverrides', validator: { validate: isMessageOverrides } },
    { message: KeyAuthMessage.messages },
  )
  overrides!: Partial<Record<KeyAuthMessageName, string>>;
}
