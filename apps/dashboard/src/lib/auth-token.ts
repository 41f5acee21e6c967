// The admin access token lives in sessionStorage: it survives a reload of the
// tab but not closing it, and is never shared with other tabs. A tiny store
// lets React re-render when the token appears or disappears (sign-in, sign-out,
// or a 401 from any admin call).
import { useSyncExternalStore } from 'react';

const TOKEN_KEY = 'latchkey.accessToken';
const EXPIRED_KEY = 'latchkey.sessionExpired';

/** What a change of the token is: `sameAccount` when a new sign-in of the signed-in account replaced it. */
export interface TokenChange {
  sameAccount: boolean;
}

type Listener = (change?: TokenChange) => void;
const listeners = new Set<Listener>();

function readStorage(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private modes, quotas); the in-memory copy still works.
  }
}

let current: string | null = readStorage(TOKEN_KEY);

function emit(change: TokenChange = { sameAccount: false }): void {
  for (const listener of listeners) listener(change);
}

export function getToken(): string | null {
  return current;
}

/**
 * Stores the token of a sign-in. `sameAccount`: the signed-in account signed
 * in again (to confirm a change), so what was fetched with the old token stays.
 */
export function setToken(token: string, { sameAccount = false }: { sameAccount?: boolean } = {}): void {
  current = token;
  writeStorage(TOKEN_KEY, token);
  writeStorage(EXPIRED_KEY, null);
  emit({ sameAccount });
}

/**
 * Forgets the token. `expired` records that the API rejected it (rather than
 * the user signing out) so the sign-in page can say why the user is there.
 */
export function clearToken({ expired = false }: { expired?: boolean } = {}): void {
  if (expired) writeStorage(EXPIRED_KEY, '1');
  if (current === null) return;
  current = null;
  writeStorage(TOKEN_KEY, null);
  emit();
}

export function wasSessionExpired(): boolean {
  return readStorage(EXPIRED_KEY) === '1';
}

export function subscribeToken(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAuthToken(): string | null {
  return useSyncExternalStore(subscribeToken, getToken);
}
