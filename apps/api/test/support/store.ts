// Store connections, mappings and signed events, as the store specs (and store-connectors') drive them.
import { expect } from '@jest/globals';
import type { CreatedStoreConnection, StoreProduct, StoreProvider } from '@latchkey/contracts';
import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import type { Owner } from '../factories/index.js';
import { BASE_URL, http, type HttpResult } from './http.js';

export const storePath = (app: { appId: string }, path: string) => `/v1/admin/apps/${app.appId}/store${path}`;

export async function connectStore(
  owner: Owner,
  app: { appId: string },
  provider: StoreProvider,
  signingSecret?: string,
): Promise<CreatedStoreConnection> {
  const made = await http('POST', storePath(app, '/connections'), {
    token: owner.token,
    body: { provider, name: `${provider} shop`, ...(signingSecret ? { signingSecret } : {}) },
  });
  expect(made.status).toBe(201);
  return made.body.data;
}

export async function mapProduct(
  owner: Owner,
  app: { appId: string },
  connectionId: string,
  product: Record<string, unknown>,
): Promise<StoreProduct> {
  const made = await http('POST', storePath(app, `/connections/${connectionId}/products`), {
    token: owner.token,
    body: { name: 'Pro', durationType: '30d', ...product },
  });
  expect(made.status).toBe(201);
  return made.body.data;
}

/** Posts exact bytes to a connection's webhook URL path. */
export async function postEvent(
  connectionId: string,
  body: string,
  headers: Record<string, string>,
  baseUrl = BASE_URL,
): Promise<HttpResult> {
  return http('POST', `/store/webhooks/${connectionId}`, {
    baseUrl,
    body,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** Latchkey's generic scheme, written out here from docs/selling.md (not the API's code). */
export function genericHeaders(secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)) {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return { 'latchkey-signature': `t=${timestamp},v1=${signature}` };
}

export async function postGeneric(
  connection: { id: string; signingSecret: string | null },
  event: Record<string, unknown>,
  baseUrl = BASE_URL,
): Promise<HttpResult> {
  const body = JSON.stringify(event);
  return postEvent(connection.id, body, genericHeaders(connection.signingSecret!, body), baseUrl);
}

/** A Stripe event signed by Stripe's own library, as Stripe signs deliveries. */
export async function postStripe(connectionId: string, secret: string, event: object, baseUrl = BASE_URL) {
  const payload = JSON.stringify(event, null, 2);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return postEvent(connectionId, payload, { 'stripe-signature': header }, baseUrl);
}

export async function storeOrders(owner: Owner, app: { appId: string }, query = '') {
  const listed = await http('GET', storePath(app, `/orders${query}`), { token: owner.token });
  expect(listed.status).toBe(200);
  return listed.body;
}

export async function storeEvents(owner: Owner, app: { appId: string }, query = '') {
  const listed = await http('GET', storePath(app, `/events${query}`), { token: owner.token });
  expect(listed.status).toBe(200);
  return listed.body.data as Array<Record<string, any>>;
}
