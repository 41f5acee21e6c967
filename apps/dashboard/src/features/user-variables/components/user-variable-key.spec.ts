import { describe, expect, it } from '@jest/globals';
import { UserVariableMessage } from '@latchkey/contracts';
import { KEY_TAKEN_MESSAGE, newUserVariableKey } from './user-variable-key';

describe('newUserVariableKey', () => {
  it('takes a key of the charset that the user does not hold yet', () => {
    expect(newUserVariableKey('save.slot-1_A', ['theme'])).toBe(true);
    expect(newUserVariableKey('k'.repeat(64), [])).toBe(true);
  });

  it("refuses the API's way a key outside the rule", () => {
    for (const key of ['', 'k'.repeat(65), 'with space', 'ümlaut', 'a/b']) {
      expect(newUserVariableKey(key, [])).toBe(UserVariableMessage.key);
    }
  });

  it('refuses a key the user holds, which adding would replace', () => {
    expect(newUserVariableKey('theme', ['level', 'theme'])).toBe(KEY_TAKEN_MESSAGE);
  });
});
