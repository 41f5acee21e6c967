import type { StoreProvider } from '@latchkey/contracts';

/** The connection an event arrived on, as fulfilment needs it. */
export interface EventSource {
  connectionId: string;
  appId: string;
  provider: StoreProvider;
  ip: string;
}

/** What the store is answered: the keys of the order the event names (none for an ignored one). */
export interface Fulfilled {
  keys: string[];
}
