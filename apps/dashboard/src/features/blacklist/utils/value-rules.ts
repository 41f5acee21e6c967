// How each blacklist type is named and what it takes, in words; the rules
// themselves are the contracts' request shape's (CreateBlacklistEntryRequest).
import { ClientLimits, USERNAME_RULE, type BlacklistType } from '@latchkey/contracts';

export const TYPE_LABELS: Record<BlacklistType, string> = { ip: 'IP address', hwid: 'HWID', username: 'Username' };

export const VALUE_HINTS: Record<BlacklistType, string> = {
  ip: 'One address (203.0.113.7, 2001:db8::1) or a CIDR range (203.0.113.0/24, 2001:db8::/32).',
  hwid: `The hardware ID exactly as your software sends it, up to ${ClientLimits.hwidMax} characters.`,
  username: `${USERNAME_RULE} (matched in any case, stored in lower case).`,
};
