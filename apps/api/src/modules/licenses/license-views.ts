import type { License } from '@latchkey/contracts';
import { iso } from '../../common/iso.js';
import type { LicenseRow } from './licenses.queries.js';

/** A key as the admin API answers it. */
export function toLicense(row: LicenseRow): License {
  return {
    id: row.id,
    key: row.key,
    appId: row.app_id,
    status: row.status,
    durationType: row.duration_type,
    level: row.level,
    maxDevices: row.max_devices,
    prefix: row.prefix,
    note: row.note,
    createdAt: row.created_at.toISOString(),
    activatedAt: iso(row.activated_at),
    expiresAt: iso(row.expires_at),
    userId: row.user_id,
    createdBy: row.created_by,
    banReason: row.ban_reason,
    extraDays: row.extra_days,
    orderId: row.order_id ?? null,
  };
}
