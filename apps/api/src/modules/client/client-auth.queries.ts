import type { EntityManager } from 'typeorm';
import { sqlRows } from '../../common/sql.js';

/*
 * The lookups of the authenticating client types: plain reads before any
 * lock, run as named prepared statements (their text must never change for
 * a given name).
 */

/** The guard of first activation's events and audit entry: written only when the key was activated. */
export const FIRST_ACTIVATION_DONE = `EXISTS (SELECT 1 FROM activated WHERE outcome = 'activated')`;

/**
 * A key's first use (first_activation, $1-$17) with its events and audit
 * entry, whose CTEs (`recordEvents`, `recordAudit`, guarded by
 * FIRST_ACTIVATION_DONE) record nothing unless it activated the key.
 */
export function firstActivationStatement(recordEvents: string, recordAudit: string): string {
  const params = Array.from({ length: 17 }, (_, i) => `$${i + 1}`).join(', ');
  return `WITH activated AS MATERIALIZED (SELECT * FROM first_activation(${params})),
       ${recordEvents},
       ${recordAudit}
       SELECT a.*, ARRAY(SELECT id FROM recorded_event_deliveries) AS delivery_ids FROM activated a`;
}

/** The user of `login` and `upgrade`: $2 is the username's canonical form (usernameKey). */
export const LOGIN_USER_LOOKUP = `SELECT u.id, u.username, u.password_hash, u.hwid, u.level, u.expires_at, u.banned,
    u.created_at, u.last_login_at,
    holds_banned_license(u.id) AS license_banned
  FROM users u WHERE u.app_id = $1 AND u.username_key = $2`;

export const LICENSE_LOOKUP = `SELECT l.id, l.key, l.status, l.duration_type, l.extra_days, l.level, l.max_devices, l.user_id,
    u.username, u.hwid, u.level AS user_level, u.expires_at AS user_expires_at,
    u.created_at AS user_created_at, u.last_login_at, u.banned,
    holds_banned_license(l.user_id) AS user_license_banned
  FROM licenses l LEFT JOIN users u ON u.id = l.user_id
 WHERE l.app_id = $1 AND l.key = $2`;

/** The user an `upgrade` redeems a key for, locked until the transaction ends. */
export async function lockUserForUpgrade(
  manager: EntityManager,
  userId: string,
): Promise<{ id: string; banned: boolean; expires_at: Date | null; license_banned: boolean } | undefined> {
  const rows = await sqlRows<{ id: string; banned: boolean; expires_at: Date | null; license_banned: boolean }>(
    manager,
    `SELECT u.id, u.banned, u.expires_at, holds_banned_license(u.id) AS license_banned
       FROM users u WHERE u.id = $1 FOR UPDATE`,
    [userId],
  );
  return rows[0];
}

/** The columns of a session result's user (ClientUserRow). */
export const CLIENT_USER_COLUMNS = 'id, username, level, hwid, expires_at, created_at, last_login_at';
