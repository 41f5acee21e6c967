import {
  KEYAUTH_MESSAGE_DEFAULTS,
  KEYAUTH_MESSAGE_NAMES,
  KEYAUTH_VERSIONS,
  KeyAuthLimits,
  type KeyAuthMessageName,
  type KeyAuthSettings,
} from '@latchkey/contracts';
import { randomInt } from 'node:crypto';
import type { KeyAuthAppRow } from './keyauth.queries.js';

/**
 * An app's KeyAuth settings as the compat endpoint and the admin API read them: the admin API's fields but
 * what it derives for its answer, with the app and the secret in the clear.
 */
export type KeyAuthApp = Omit<KeyAuthSettings, 'publicKeyHex' | 'secretSet' | 'endpoints' | 'appVersion'> & {
  appId: string;
  /** the 1.2 HMAC secret (64 hex characters); null until the first save */
  secret: string | null;
  /** the replaced messages only (issue 40) */
  messages: Partial<Record<KeyAuthMessageName, string>>;
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
    checkVersion: row.check_version,
    downloadUrl: row.download_url,
    messages: messageOverrides(row.messages),
    secret: row.secret_sealed ? unseal(row.secret_sealed).toString('utf8') : null,
  };
}

/** The known replacements of a stored map (a name no longer offered is dropped), in KEYAUTH_MESSAGE_NAMES' order. */
export function messageOverrides(stored: Record<string, unknown>): Partial<Record<KeyAuthMessageName, string>> {
  const overrides: Partial<Record<KeyAuthMessageName, string>> = {};
  for (const name of KEYAUTH_MESSAGE_NAMES) {
    const text = stored[name];
    if (typeof text === 'string' && text !== KEYAUTH_MESSAGE_DEFAULTS[name]) overrides[name] = text;
  }
  return overrides;
}

/** The words the app answers for the message `name`: its replacement, or KeyAuth's default. */
export function keyauthMessage(app: KeyAuthApp, name: KeyAuthMessageName): string {
  return app.messages[name] ?? KEYAUTH_MESSAGE_DEFAULTS[name];
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `length` characters of A-Za-z0-9 from the CSPRNG: the shape of KeyAuth's owner ids and seller keys. */
export function randomAlphanumeric(length: number): string {
  let text = '';
  for (let n = 0; n < length; n += 1) text += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return text;
}

/** A random KeyAuth `ownerid`: 10 characters of A-Za-z0-9 (about 59 bits). */
export function randomOwnerId(): string {
  return randomAlphanumeric(KeyAuthLimits.ownerIdLength);
}

/** The name of a level's subscription, as KeyAuth answers it. */
export function subscriptionName(app: KeyAuthApp, level: number): string {
  return app.subscriptionNames[String(level)] ?? KeyAuthLimits.defaultSubscriptionName;
}

/** The cache key of a KeyAuth app: its pair (an ownerid has no ':', so the pair reads back unambiguously). */
export function pairKey(ownerId: string, name: string): string {
  return `${ownerId}:${name}`;
}
