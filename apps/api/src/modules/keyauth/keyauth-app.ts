import { KEYAUTH_VERSIONS, KeyAuthLimits, type KeyAuthSettings } from '@latchkey/contracts';
import { randomInt } from 'node:crypto';
import type { KeyAuthAppRow } from './keyauth.queries.js';

/**
 * An app's KeyAuth settings as the compat endpoint and the admin API read them: the admin API's fields but
 * what it derives for its answer, with the app and the secret in the clear.
 */
export type KeyAuthApp = Omit<KeyAuthSettings, 'publicKeyHex' | 'secretSet' | 'endpoints'> & {
  appId: string;
  /** the 1.2 HMAC secret (64 hex characters); null until the first save */
  secret: string | null;
};

export function toKeyAuthApp(row: KeyAuthAppRow, unseal: (sealed: Buffer) => Buffer): KeyAuthApp {
  return {
    appId: row.app_id,
    enabled: row.enabled,
    ownerId: row.owner_id,
    name: row.name,
    versions: KEYAUTH_VERSIONS.filter((version) => row.versions.includes(version)),
    subscriptionNames: row.subscription_names,
    fetchOnline: row.fetch_online,
    selfBan: row.self_ban,
    appVersion: row.app_version,
    downloadUrl: row.download_url,
    secret: row.secret_sealed ? unseal(row.secret_sealed).toString('utf8') : null,
  };
}

const OWNER_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random KeyAuth `ownerid`: 10 characters of A-Za-z0-9 (about 59 bits). */
export function randomOwnerId(): string {
  let ownerId = '';
  for (let n = 0; n < KeyAuthLimits.ownerIdLength; n += 1)
    ownerId += OWNER_ID_ALPHABET[randomInt(OWNER_ID_ALPHABET.length)];
  return ownerId;
}

/** The name of a level's subscription, as KeyAuth answers it. */
export function subscriptionName(app: KeyAuthApp, level: number): string {
  return app.subscriptionNames[String(level)] ?? KeyAuthLimits.defaultSubscriptionName;
}

/** The cache key of a KeyAuth app: its pair (an ownerid has no ':', so the pair reads back unambiguously). */
export function pairKey(ownerId: string, name: string): string {
  return `${ownerId}:${name}`;
}
