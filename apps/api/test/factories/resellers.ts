import { randomUUID } from 'node:crypto';
import type { Reseller } from '@latchkey/contracts';
import { http } from '../support/http.js';
import type { Owner } from './owners.js';

export const RESELLER_PASSWORD = 'reseller password';

export interface SignedInReseller {
  id: string;
  email: string;
  appId: string;
  /** a login access token of the reseller */
  token: string;
}

/** Creates a reseller of `app` through the owner's route; returns its record. */
export async function createReseller(
  owner: Owner,
  app: { appId: string },
  fields: Record<string, unknown> = {},
): Promise<Reseller> {
  const res = await http('POST', `/v1/admin/apps/${app.appId}/resellers`, {
    token: owner.token,
    body: { email: `reseller-${randomUUID()}@example.com`, password: RESELLER_PASSWORD, ...fields },
  });
  if (res.status !== 201) throw new Error(`create reseller failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** Signs a reseller in at the owners' login route; returns a fresh login token. */
export async function resellerLogin(email: string, baseUrl?: string): Promise<string> {
  const res = await http('POST', '/v1/admin/auth/login', { baseUrl, body: { email, password: RESELLER_PASSWORD } });
  if (res.status !== 200) throw new Error(`reseller login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.accessToken;
}

/** A reseller of `app`, created and signed in. */
export async function signedInReseller(
  owner: Owner,
  app: { appId: string },
  fields: Record<string, unknown> = {},
): Promise<SignedInReseller> {
  const reseller = await createReseller(owner, app, fields);
  return { id: reseller.id, email: reseller.email, appId: app.appId, token: await resellerLogin(reseller.email) };
}
