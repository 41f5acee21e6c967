import type { AdminUser, ClientUser } from '@latchkey/contracts';
import { iso } from '../../common/iso.js';
import type { ClientUserRow, UserRow } from './users.queries.js';

/** The user as the client endpoint answers it. */
export function toClientUser(row: ClientUserRow): ClientUser {
  return {
    userId: row.id,
    username: row.username,
    level: row.level,
    hwid: row.hwid,
    expiresAt: iso(row.expires_at),
    createdAt: row.created_at.toISOString(),
    lastLoginAt: iso(row.last_login_at),
  };
}

/** The user as the admin API answers it: the client's view and what only the owner sees. */
export function toAdminUser(row: UserRow): AdminUser {
  const { createdAt, lastLoginAt, ...user } = toClientUser(row);
  return {
    ...user,
    banned: row.banned,
    banReason: row.ban_reason,
    banPublicReason: row.ban_public_reason,
    hwidSelfResets: row.hwid_self_resets,
    maxDevices: row.max_devices,
    licenseId: row.license_id,
    licenseKey: row.license_key,
    createdAt,
    lastLoginAt,
    lastIp: row.last_ip,
  };
}
