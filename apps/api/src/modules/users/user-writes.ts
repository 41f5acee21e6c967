import { usernameKey } from '@latchkey/contracts';
import type { EntityManager } from 'typeorm';
import { sqlRows } from '../../common/sql.js';
import type { PreparedStatements } from '../../common/prepared-statements.js';
import {
  APPLY_LICENSE_LIMITS,
  applyKeyToUser as applyKeySql,
  END_USERS_OF_LICENSES,
  EXTEND_USERS_OF_LICENSES,
  INSERT_USER,
  REPLACE_PASSWORD_HASH,
  type UserRow,
} from './users.queries.js';

/** A user about to be made: by registration, by a key's first login, or by the owner. */
export interface NewUser {
  appId: string;
  /** made of A-Z a-z 0-9 _ . - (a checked username, or a license key) */
  username: string;
  /** null for a key's implicit user, which signs in with the key alone */
  passwordHash: string | null;
  hwid: string | null;
  level: number;
  maxDevices: number;
  /** null = lifetime */
  expiresAt: Date | null;
  /** the key it was made with, if any */
  licenseId: string | null;
}

/**
 * The one way a user row is made, in the caller's transaction, with the
 * username's canonical form (usernameKey). Null when the username is taken
 * in the app (any case): the unique index on (app_id, username_key) decides a
 * race between two, with no error.
 */
export async function insertUser(manager: EntityManager, user: NewUser): Promise<UserRow | null> {
  const rows = await sqlRows<UserRow>(manager, INSERT_USER, [
    user.appId,
    user.username,
    usernameKey(user.username),
    user.passwordHash,
    user.hwid,
    user.level,
    user.maxDevices,
    user.expiresAt,
    user.licenseId,
  ]);
  return rows[0] ?? null;
}

/**
 * Applies a key redeemed by an existing user (`upgrade`): the level becomes
 * the higher of the two (never lower), the expiry the one given, and the key
 * the user's current one.
 */
export async function applyKeyToUser<Row>(
  manager: EntityManager,
  change: { userId: string; level: number; expiresAt: Date | null; licenseId: string },
  returning: string,
): Promise<Row> {
  const rows = await sqlRows<Row>(manager, applyKeySql(returning), [
    change.userId,
    change.level,
    change.expiresAt,
    change.licenseId,
  ]);
  return rows[0]!;
}

/** A key's new level or device limit (null: unchanged) applied to the user whose current key it is. */
export async function applyLicenseLimits(
  manager: EntityManager,
  licenseId: string,
  limits: { level: number | null; maxDevices: number | null },
): Promise<void> {
  await sqlRows(manager, APPLY_LICENSE_LIMITS, [licenseId, limits.level, limits.maxDevices]);
}

/** A store renewal: the users of the keys `licenseIds` run at least to `until`. */
export async function extendUsersOfLicenses(manager: EntityManager, licenseIds: string[], until: Date): Promise<void> {
  await sqlRows(manager, EXTEND_USERS_OF_LICENSES, [licenseIds, until]);
}

/** A store cancellation: the users of the keys `licenseIds` end at `at`. */
export async function endUsersOfLicenses(manager: EntityManager, licenseIds: string[], at: Date): Promise<void> {
  await sqlRows(manager, END_USERS_OF_LICENSES, [licenseIds, at]);
}

/** Replaces a legacy password hash by its re-hash on the client's sign-in, unless the password changed meanwhile. */
export async function replacePasswordHash(
  sql: PreparedStatements,
  change: { userId: string; stored: string | null | undefined; rehashed: string },
): Promise<void> {
  await sql.rows('client-replace-password-hash', REPLACE_PASSWORD_HASH, [
    change.userId,
    change.stored,
    change.rehashed,
  ]);
}
