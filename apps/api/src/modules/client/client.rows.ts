import type { LockedLicense } from '../licenses/licenses.queries.js';
import type { ClientUserRow } from '../users/users.queries.js';

/** The rows this module reads, in one place (columns as PostgreSQL names them). */

export interface LoginUserRow extends ClientUserRow {
  password_hash: string | null;
  banned: boolean;
  license_banned: boolean;
}

/** LICENSE_LOOKUP's row: an UNUSED key is activated with the terms read here (first_activation re-checks them under its lock). */
export interface LicenseWithUserRow extends LockedLicense {
  username: string | null;
  hwid: string | null;
  user_level: number;
  user_expires_at: Date | null;
  user_created_at: Date;
  last_login_at: Date | null;
  banned: boolean;
  /** any license of the key's user is BANNED */
  user_license_banned: boolean;
}

export interface LiveSessionRow {
  session_id: string;
  app_id: string;
  user_id: string;
  session_expires_at: Date;
  last_seen_at: Date;
  username: string;
  level: number;
  hwid: string | null;
  expires_at: Date | null;
  banned: boolean;
  created_at: Date;
  last_login_at: Date | null;
  value?: string | null;
  min_level?: number | null;
}
