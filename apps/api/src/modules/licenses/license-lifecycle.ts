import type { EntityManager } from 'typeorm';
import { AppError } from '../../common/errors.js';
import { sqlRows } from '../../common/sql.js';
import { domainEvent, type Emit } from '../events/events.service.js';
import { ACTIVATE_LICENSE, EXPIRE_USER_LICENSES, LOCK_LICENSE_BY_KEY, type LockedLicense } from './licenses.queries.js';

/*
 * A key's life as clients see it: locked while it is redeemed, UNUSED ->
 * USED when a user activates it, USED -> EXPIRED when its user's time is up.
 * Each step runs in the caller's transaction (the shape of
 * webhook-disabling.ts) and emits its event through the caller's `emit`.
 */

/** Locks the app's key `key` until the transaction ends; an unknown or BANNED key is refused. */
export async function lockLicenseByKey(manager: EntityManager, appId: string, key: string): Promise<LockedLicense> {
  const rows = await sqlRows<LockedLicense>(manager, LOCK_LICENSE_BY_KEY, [appId, key.trim()]);
  const license = rows[0];
  if (!license) throw new AppError('LICENSE_NOT_FOUND');
  if (license.status === 'BANNED') throw new AppError('LICENSE_BANNED');
  return license;
}

/**
 * The refusal of a key that is not UNUSED where a first use is asked for: 403
 * `License has expired` for one that expired before anyone used it (a store
 * subscription that ended, docs/decisions/store.md), else 409 `License key already used`.
 */
export function unredeemableKey(license: { status: string; user_id: string | null }): AppError {
  return new AppError(license.status === 'EXPIRED' && license.user_id === null ? 'LICENSE_EXPIRED' : 'LICENSE_USED');
}

/** UNUSED -> USED for `userId`, its duration counted from `activatedAt`; emits `license.activate`. */
export async function activateLicense(
  manager: EntityManager,
  emit: Emit,
  activation: { appId: string; license: LockedLicense; userId: string; activatedAt: Date; expiresAt: Date | null },
): Promise<void> {
  const { appId, license, userId, activatedAt, expiresAt } = activation;
  await sqlRows(manager, ACTIVATE_LICENSE, [license.id, activatedAt, expiresAt, userId]);
  emit(
    domainEvent('license.activate', appId, {
      licenseId: license.id,
      key: license.key,
      durationType: license.duration_type,
      level: license.level,
      activatedBy: userId,
      appId,
    }),
  );
}

/**
 * Marks the user's activated licenses EXPIRED; the conditional update makes
 * `license.expire` fire once however many calls notice the expiry together.
 */
export async function expireUserLicenses(
  manager: EntityManager,
  emit: Emit,
  expiry: { appId: string; userId: string; expiredAt: Date },
): Promise<void> {
  const { appId, userId, expiredAt } = expiry;
  const rows = await sqlRows<{ id: string; key: string }>(manager, EXPIRE_USER_LICENSES, [userId]);
  for (const row of rows) {
    emit(
      domainEvent('license.expire', appId, {
        licenseId: row.id,
        key: row.key,
        userId,
        expiredAt: expiredAt.toISOString(),
        appId,
      }),
    );
  }
}
