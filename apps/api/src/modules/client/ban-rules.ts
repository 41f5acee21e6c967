import { AppError } from '../../common/errors.js';

/** What the ban rules read about a known user. */
export interface BanState {
  userBanned: boolean;
  /** any license of the user is BANNED */
  holdsBannedLicense: boolean;
}

/**
 * The ban rules every authenticating type applies to a known user: a banned
 * user, then a user holding any BANNED license (`holds_banned_license` in SQL;
 * open_session applies the same function under the user lock).
 */
export function refuseBannedUser({ userBanned, holdsBannedLicense }: BanState): void {
  if (userBanned) throw new AppError('USER_BANNED');
  if (holdsBannedLicense) throw new AppError('LICENSE_BANNED');
}
