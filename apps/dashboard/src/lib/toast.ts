// A small store of the toasts on screen, so any code (a mutation's onSuccess,
// a row action) can announce a result without threading callbacks through
// components. <Toaster /> renders them with Radix Toast.
import { useSyncExternalStore } from 'react';

export type ToastKind = 'success' | 'error';

export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
}

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function push(kind: ToastKind, message: string): void {
  // The same message twice in a row (a double click) shows once.
  if (items.some((item) => item.kind === kind && item.message === message)) return;
  items = [...items.slice(-4), { id: nextId++, kind, message }];
  emit();
}

export const toast = {
  success(message: string): void {
    push('success', message);
  },
  /** Shows the API's own message for an ApiError, or the error's message. */
  error(error: unknown): void {
    push('error', error instanceof Error && error.message ? error.message : 'Something went wrong.');
  },
  dismiss(id: number): void {
    items = items.filter((item) => item.id !== id);
    emit();
  },
  /** A move to another page: what was said about the last page would cover this one's columns. */
  clear(): void {
    if (items.length === 0) return;
    items = [];
    emit();
  },
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribe, () => items);
}
