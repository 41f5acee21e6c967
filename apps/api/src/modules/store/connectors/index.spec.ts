import { describe, expect, it } from '@jest/globals';
import { STORE_PROVIDERS } from '@latchkey/contracts';
import { connectedProviders, connectorFor } from './index.js';

describe('the connector registry', () => {
  it('has a connector for every store a connection can name, each under its own provider', () => {
    expect([...connectedProviders()].sort()).toEqual([...STORE_PROVIDERS].sort());
    for (const provider of STORE_PROVIDERS) expect(connectorFor(provider)?.provider).toBe(provider);
  });
});
