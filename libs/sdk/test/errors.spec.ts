import { describe, expect, it } from '@jest/globals';
import { codeForAnswer } from '../src/errors.js';
import { ClientMessage } from '../src/index.js';

describe('error codes', () => {
  it('give every refusal message of the contract its own code', () => {
    const successes = new Set<string>([
      ClientMessage.appInitialized,
      ClientMessage.registered,
      ClientMessage.loggedIn,
      ClientMessage.authenticated,
      ClientMessage.upgraded,
      ClientMessage.sessionValid,
      ClientMessage.sessionAlive,
      ClientMessage.loggedOut,
      ClientMessage.variableRetrieved,
      ClientMessage.downloadReady,
      ClientMessage.logged,
      ClientMessage.userVariableRetrieved,
      ClientMessage.userVariableSaved,
      ClientMessage.userVariableDeleted,
      ClientMessage.userVariablesRetrieved,
    ]);
    const refusals = Object.values(ClientMessage).filter((m) => !successes.has(m));
    const codes = refusals.map((message) => codeForAnswer(403, message));
    expect(codes).not.toContain('UNKNOWN_ERROR');
    expect(new Set(codes).size).toBe(refusals.length);
    expect(codeForAnswer(401, 'Invalid or expired session')).toBe('INVALID_SESSION');
    expect(codeForAnswer(403, 'License is banned')).toBe('LICENSE_BANNED');
  });

  it('fall back by status for messages that name a field or are not the contract', () => {
    expect(codeForAnswer(400, 'nonce must be 8-64 characters of A-Za-z0-9_-')).toBe('VALIDATION');
    expect(codeForAnswer(410, 'Gone')).toBe('DOWNLOAD_GONE');
    expect(codeForAnswer(503, 'Service Unavailable')).toBe('SERVER_ERROR');
    expect(codeForAnswer(418, 'teapot')).toBe('UNKNOWN_ERROR');
  });
});
