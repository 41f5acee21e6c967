import type { DurationType } from '@latchkey/contracts';
import type { EntityManager } from 'typeorm';
import { sqlRows } from '../../common/sql.js';
import { endSessionsOfUsers } from '../sessions/session-writes.js';
import { endUsersOfLicenses, extendUsersOfLicenses } from '../users/user-writes.js';
import { generateLicenseKey } from './license-key.js';
import {
  BAN_ORDER_KEYS,
  END_ORDER_KEYS,
  EXTEND_ORDER_KEYS,
  INSERT_KEYS,
  SET_CUSTOMER_EMAIL,
  type LicenseRow,
} from './licenses.queries.js';

/*
 * The keys of a store order (store module, docs/decisions/store.md): made,
 * banned, renewed and ended in the caller's transaction, which also writes
 * the order, its audit entries and its domain events.
 */

/** Keys are drawn until `count` distinct ones are stored; a collision just draws again. */
const MAX_GENERATION_ROUNDS = 10;

export interface OrderKeyTerms {
  appId: string;
  count: number;
  durationType: DurationType;
  level: number;
  maxDevices: number;
  /** the key's note in the console: which order made it */
  note: string;
  /** the buyer's email, by which the customer page signs them in with a code (docs/customer-portal.md) */
  customerEmail: string | null;
}

/** Makes `count` UNUSED keys with the terms, made by no account (`createdBy` null). */
export async function createOrderKeys(manager: EntityManager, terms: OrderKeyTerms): Promise<LicenseRow[]> {
  const created: LicenseRow[] = [];
  for (let round = 0; created.length < terms.count; round += 1) {
    if (round === MAX_GENERATION_ROUNDS) throw new Error('could not draw distinct license keys');
    const keys = Array.from({ length: terms.count - created.length }, () => generateLicenseKey());
    created.push(
      ...(await sqlRows<LicenseRow>(manager, INSERT_KEYS, [
        terms.appId,
        keys,
        terms.durationType,
        terms.level,
        terms.maxDevices,
        null,
        terms.note,
        null,
        0,
      ])),
    );
  }
  const email = terms.customerEmail?.trim().toLowerCase();
  if (email) await sqlRows(manager, SET_CUSTOMER_EMAIL, [created.map((l) => l.id), email]);
  return created;
}

/**
 * Bans the keys as the console's ban does: refused from now on, and the live
 * sessions of their users end (`license_banned`). Answers the keys it banned.
 */
export async function banOrderKeys(
  manager: EntityManager,
  licenseIds: string[],
  reason: string,
): Promise<Array<{ id: string; key: string }>> {
  if (licenseIds.length === 0) return [];
  const rows = await sqlRows<{ id: string; key: string; user_id: string | null }>(manager, BAN_ORDER_KEYS, [
    licenseIds,
    reason,
  ]);
  const userIds = [...new Set(rows.map((r) => r.user_id).filter((id): id is string => id !== null))];
  if (userIds.length > 0) await endSessionsOfUsers(manager, userIds, 'license_banned');
  return rows.map(({ id, key }) => ({ id, key }));
}

/** A renewal: activated keys, and the users holding them, run at least to `until`. */
export async function extendOrderKeys(manager: EntityManager, licenseIds: string[], until: Date): Promise<void> {
  if (licenseIds.length === 0) return;
  await sqlRows(manager, EXTEND_ORDER_KEYS, [licenseIds, until]);
  await extendUsersOfLicenses(manager, licenseIds, until);
}

/**
 * A cancellation: activated keys and their users end at `at`; when the paid
 * period is over (`at` is not in the future), unused keys expire too.
 */
export async function endOrderKeys(manager: EntityManager, licenseIds: string[], at: Date, now: Date): Promise<void> {
  if (licenseIds.length === 0) return;
  await sqlRows(manager, END_ORDER_KEYS, [licenseIds, at, at.getTime() <= now.getTime()]);
  await endUsersOfLicenses(manager, licenseIds, at);
}
