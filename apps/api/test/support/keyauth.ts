import { randomUUID } from 'node:crypto';
import type { CreatedApp } from '@latchkey/contracts';
import type { Owner } from '../factories/index.js';
import { http } from './http.js';
import { KeyAuthClient, type KeyAuthClientOptions, type KeyAuthVersion } from './keyauth-client.js';

/** An app's KeyAuth settings turned on (through the admin API), with what a client needs. */
export interface KeyAuthApp {
  ownerId: string;
  name: string;
  publicKeyHex: string;
  secret: string;
  client: (version: KeyAuthVersion, options?: Partial<KeyAuthClientOptions>) => KeyAuthClient;
}

/** The KeyAuth settings body (PUT /v1/admin/apps/:appId/keyauth): on, both versions, and `changes`. */
export function keyAuthSettings(changes: Record<string, unknown> = {}) {
  return {
    enabled: true,
    ownerId: randomUUID().replaceAll('-', '').slice(0, 10),
    name: 'KeyAuth app',
    versions: ['1.3', '1.2'],
    subscriptionNames: {},
    fetchOnline: false,
    selfBan: true,
    appVersion: null,
    downloadUrl: null,
    ...changes,
  };
}

export async function enableKeyAuth(
  owner: Owner,
  app: CreatedApp,
  settings: Record<string, unknown> = {},
): Promise<KeyAuthApp> {
  const body = keyAuthSettings({ name: `Compat ${app.appId.slice(0, 8)}`, ...settings });
  const ownerId = body.ownerId as string;
  const saved = await http('PUT', `/v1/admin/apps/${app.appId}/keyauth`, { token: owner.token, body });
  if (saved.status !== 200) throw new Error(`keyauth settings failed: ${saved.status} ${JSON.stringify(saved.body)}`);
  const revealed = await http('POST', `/v1/admin/apps/${app.appId}/keyauth/secret/reveal`, { token: owner.token });
  const { publicKeyHex, name } = saved.body.data;
  const secret: string = revealed.body.data.secret;
  return {
    ownerId,
    name,
    publicKeyHex,
    secret,
    client: (version, options = {}) =>
      new KeyAuthClient({ version, ownerId, name, publicKeyHex, secret, enckey: 'client-enckey-1', ...options }),
  };
}
