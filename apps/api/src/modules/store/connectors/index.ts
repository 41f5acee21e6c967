import type { StoreProvider } from '@latchkey/contracts';
import { GenericConnector } from './generic.js';
import { LemonSqueezyConnector } from './lemonsqueezy.js';
import { PaddleConnector } from './paddle.js';
import { SellAppConnector } from './sellapp.js';
import { SellixConnector } from './sellix.js';
import type { StoreConnector } from './store-connector.js';
import { StripeConnector } from './stripe.js';

/**
 * The connectors fulfilment reads events with, one per store. A store is
 * added here and nowhere else (the receiver and fulfilment never name a
 * store); a provider without a connector yet answers 404 at its webhook URL.
 */
const CONNECTORS: readonly StoreConnector[] = [
  new StripeConnector(),
  new PaddleConnector(),
  new LemonSqueezyConnector(),
  new SellixConnector(),
  new SellAppConnector(),
  new GenericConnector(),
];

const BY_PROVIDER = new Map<StoreProvider, StoreConnector>(CONNECTORS.map((c) => [c.provider, c]));

export function connectorFor(provider: StoreProvider): StoreConnector | undefined {
  return BY_PROVIDER.get(provider);
}

/** Providers a connection can be made for today. */
export function connectedProviders(): StoreProvider[] {
  return [...BY_PROVIDER.keys()];
}
