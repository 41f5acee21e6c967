// When the API answers RECENT_SIGN_IN_REQUIRED (a change to how the account
// signs in, made more than a few minutes after signing in), the api client
// asks here for a fresh sign-in and retries the request once with the new
// token. The dialog that answers the request is mounted once, in the signed-in
// layout; every page's passkey, two-factor, token and password forms get it.
import { useSyncExternalStore } from 'react';

export interface RecentSignInRequest {
  /** the user signed in again: the waiting requests are sent again */
  confirmed(): void;
  /** the user gave up: the waiting requests fail with the API's answer */
  cancelled(): void;
}

let pending: { request: RecentSignInRequest; done: Promise<boolean> } | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/**
 * Asks the user to sign in again; true once they have, false when they
 * cancel. Parallel callers share one dialog.
 */
export function requestRecentSignIn(): Promise<boolean> {
  if (pending) return pending.done;
  let settle!: (confirmed: boolean) => void;
  const done = new Promise<boolean>((resolve) => (settle = resolve));
  const finish = (confirmed: boolean) => {
    if (pending?.done !== done) return;
    pending = null;
    emit();
    settle(confirmed);
  };
  pending = { request: { confirmed: () => finish(true), cancelled: () => finish(false) }, done };
  emit();
  return done;
}

function current(): RecentSignInRequest | null {
  return pending?.request ?? null;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The open request for a fresh sign-in, if any: what the dialog shows itself for. */
export function useRecentSignInRequest(): RecentSignInRequest | null {
  return useSyncExternalStore(subscribe, current);
}
