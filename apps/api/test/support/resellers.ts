// Reads of a reseller's balance and ledger, for the reseller specs.
import { expect } from '@jest/globals';
import type { LedgerEntry } from '@latchkey/contracts';
import type { Owner } from '../factories/owners.js';
import { http } from './http.js';

/** The reseller's record through the owner's route. */
export async function resellerRecord(owner: Owner, appId: string, resellerId: string, baseUrl?: string) {
  const res = await http('GET', `/v1/admin/apps/${appId}/resellers/${resellerId}`, { token: owner.token, baseUrl });
  if (res.status !== 200) throw new Error(`get reseller failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** Every ledger entry of the reseller through the owner's route, newest first. */
export async function wholeLedger(owner: Owner, appId: string, resellerId: string): Promise<LedgerEntry[]> {
  const entries: LedgerEntry[] = [];
  for (let page = 1; ; page += 1) {
    const res = await http('GET', `/v1/admin/apps/${appId}/resellers/${resellerId}/ledger?limit=100&page=${page}`, {
      token: owner.token,
    });
    if (res.status !== 200) throw new Error(`ledger failed: ${res.status} ${JSON.stringify(res.body)}`);
    entries.push(...res.body.data);
    if (entries.length >= res.body.meta.total) return entries;
  }
}

/**
 * The contract's invariant: the ledger sums to the balance, and each entry's
 * balanceAfter is the running sum up to it. Returns the balance.
 */
export async function expectLedgerMatchesBalance(owner: Owner, appId: string, resellerId: string): Promise<number> {
  const [reseller, entries] = await Promise.all([
    resellerRecord(owner, appId, resellerId),
    wholeLedger(owner, appId, resellerId),
  ]);
  let running = 0;
  for (const entry of [...entries].reverse()) {
    running += entry.amount;
    expect(entry.balanceAfter).toBe(running);
  }
  expect(running).toBe(reseller.credits);
  return reseller.credits;
}
