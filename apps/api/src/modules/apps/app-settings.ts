import type { App } from '@latchkey/contracts';
import type { AppRow } from './apps.queries.js';

/** What an owner sets on an app, as the contract names it: the admin API and the client endpoint read these. */
export type AppSettings = Pick<
  App,
  | 'name'
  | 'version'
  | 'updateUrl'
  | 'enabled'
  | 'hwidLock'
  | 'sessionTtlSeconds'
  | 'sessionIdleSeconds'
  | 'rateLimitPerMinute'
  | 'offlineTicketSeconds'
>;

export function settingsOf(row: AppRow): AppSettings {
  return {
    name: row.name,
    version: row.version,
    updateUrl: row.update_url,
    enabled: row.enabled,
    hwidLock: row.hwid_lock,
    sessionTtlSeconds: row.session_ttl_seconds,
    sessionIdleSeconds: row.session_idle_seconds,
    rateLimitPerMinute: row.rate_limit_per_minute,
    offlineTicketSeconds: row.offline_ticket_seconds,
  };
}

/** The app an `/apps/{appId}/...` request is about, loaded and checked by AppOwnershipGuard. */
export interface OwnedApp extends AppSettings {
  id: string;
  ownerId: string;
  /** base64 of the raw Ed25519 public key */
  publicKey: string;
  createdAt: Date;
}
