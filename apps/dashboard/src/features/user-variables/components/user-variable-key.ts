import { UserVariableLimits, UserVariableMessage } from '@latchkey/contracts';

export const KEY_TAKEN_MESSAGE = 'The user has a variable with this key: edit that one instead';

/**
 * What is wrong with `key` for a new variable of a user who holds `existing`
 * (the API's PUT would replace one silently), or true when it may be added.
 */
export function newUserVariableKey(key: string, existing: readonly string[]): true | string {
  if (!UserVariableLimits.keyPattern.test(key)) return UserVariableMessage.key;
  if (existing.includes(key)) return KEY_TAKEN_MESSAGE;
  return true;
}
