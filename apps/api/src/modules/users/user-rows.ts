/** The users table's rows as this module reads them, in one place. */

export interface UserRow {
  id: string;
  username: string;
  level: number;
  hwid: string | null;
  expires_at: Date | null;
  banned: boolean;
  ban_reason: string | null;
  max_devices: number;
  license_id: string | null;
  created_at: Date;
  last_login_at: Date | null;
  last_ip: string | null;
}

export const USER_FIELDS = [
  'id',
  'username',
  'level',
  'hwid',
  'expires_at',
  'banned',
  'ban_reason',
  'max_devices',
  'license_id',
  'created_at',
  'last_login_at',
  'last_ip',
];
export const USER_COLUMNS = USER_FIELDS.join(', ');

export interface ChangedRow extends UserRow {
  before_banned: boolean;
  before_expires_at: Date | null;
  before_hwid: string | null;
}
