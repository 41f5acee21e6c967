// Field limits of the admin API (spec/contract.md section 2) and the words
// that name them where no FieldMessage builder does: the DTOs validate with
// them and the dashboard's forms check them before sending.
import { ClientLimits, USERNAME_RULE } from './client.js';
import { FieldMessage } from './field-messages.js';
import { FileLimits } from './files.js';

export const PAGE_DEFAULT_LIMIT = 25;
export const PAGE_MAX_LIMIT = 100;

export const BLACKLIST_TYPES = ['ip', 'hwid', 'username'] as const;
export type BlacklistType = (typeof BLACKLIST_TYPES)[number];

/**
 * The range of `page` and `limit` in every admin list's query. A page may end
 * at most `rowsMax` items deep (page x limit): past that, search or filter.
 */
export const PageLimits = {
  pageMin: 1,
  pageMax: 1_000_000,
  limitMin: 1,
  limitMax: PAGE_MAX_LIMIT,
  rowsMax: 10_000,
} as const;

/** The refusal of a page deeper than PageLimits.rowsMax. */
export const PAGE_DEPTH_MESSAGE = `page x limit must be at most ${PageLimits.rowsMax}: narrow the list with a search or filter`;

/** Field limits of owner and reseller accounts: sign-up, sign-in, password change, personal access tokens. */
export const AccountLimits = {
  emailMin: 1,
  emailMax: 254,
  passwordMin: 8,
  passwordMax: 128,
  /** a password being checked (sign-in, current password) is only bounded, not held to today's minimum */
  checkedPasswordMin: 1,
  tokenNameMin: 1,
  tokenNameMax: 64,
  tokenExpiresInDaysMin: 1,
  tokenExpiresInDaysMax: 3650,
  /** the User-Agent kept with a sign-in, cut to this many characters */
  userAgentMax: 512,
} as const;

/** Limits of the app fields as the API validates them (apps.dto.ts); the dashboard checks them before sending. */
export const AppLimits = {
  nameMin: 1,
  nameMax: 64,
  versionMin: 1,
  versionMax: 32,
  updateUrlMin: 1,
  updateUrlMax: 2048,
  /** sessionTtlSeconds and sessionIdleSeconds: one minute to one year */
  sessionSecondsMin: 60,
  sessionSecondsMax: 31_536_000,
  /** 0 = no limit */
  rateLimitPerMinuteMin: 0,
  rateLimitPerMinuteMax: 100_000,
  /** 0 = no offline tickets, up to 30 days */
  offlineTicketSecondsMin: 0,
  offlineTicketSecondsMax: ClientLimits.offlineTicketSecondsMax,
} as const;

/** Field limits of the owner's user operations (contract, "Users, sessions, variables ..."). */
export const UserLimits = {
  /** a trigram index serves searches of 3 characters or more (docs/decisions/scale-and-planner-statistics.md) */
  searchMin: 3,
  searchMax: 64,
  banReasonMax: 500,
  extendDaysMin: 1,
  extendDaysMax: 36_500,
} as const;

export const BlacklistLimits = {
  reasonMax: 500,
} as const;

/** The refusal of a blacklist `value`, by the entry's type. */
export const BlacklistValueMessage: Record<BlacklistType, string> = {
  ip: 'value must be an IPv4 or IPv6 address or CIDR range',
  hwid: `value must be 1-${ClientLimits.hwidMax} characters`,
  username: `value must be a username: ${USERNAME_RULE}`,
};

/** An entry type or prefix: up to four dot-separated parts of 1-32 of a-z, 0-9, _ and -. */
export const AUDIT_TYPE_PATTERN = /^[a-z0-9_-]{1,32}(\.[a-z0-9_-]{1,32}){0,3}$/;
export const AUDIT_TYPE_MESSAGE = 'type must be an entry type such as client.login or admin.user.ban';

/**
 * `GET .../logs?search=`: a license key or a username, whole (matched
 * exactly, a username in any ASCII case), as a vendor has them from a ticket.
 * Both are made of these characters; a key is at most 64 of them.
 */
export const AUDIT_SEARCH_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;
export const AUDIT_SEARCH_MAX = 64;
export const AUDIT_SEARCH_MESSAGE =
  'search must be a license key or a username: 1-64 characters of A-Z, a-z, 0-9, _, . and -';

/**
 * A file's name, in the owner's words; kept here rather than beside FileLimits
 * because files.ts is copied verbatim into the SDK and must import nothing.
 */
export const FILE_NAME_MESSAGE = FieldMessage.length('name', FileLimits.nameMin, FileLimits.nameMax);
