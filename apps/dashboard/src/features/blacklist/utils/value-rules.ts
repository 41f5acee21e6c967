// What each blacklist type accepts, checked before sending with the API's own
// wording. The IP check catches the obvious mistakes only; the API has the
// final word (and stores ranges by their network address).
import {
  BlacklistLimits,
  BlacklistValueMessage,
  ClientLimits,
  USERNAME_RULE,
  type BlacklistType,
} from '@latchkey/contracts';

export const BLACKLIST_REASON_MAX = BlacklistLimits.reasonMax;

export const TYPE_LABELS: Record<BlacklistType, string> = { ip: 'IP address', hwid: 'HWID', username: 'Username' };

const IPV4_OCTET = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = new RegExp(`^${IPV4_OCTET}(\\.${IPV4_OCTET}){3}$`);

function isIpv6(text: string): boolean {
  if (!text.includes(':') || !/^[0-9A-Fa-f:.]+$/.test(text)) return false;
  // The browser's URL parser knows IPv6 literals exactly: it refuses what no host could be.
  try {
    new URL(`http://[${text}]/`);
    return true;
  } catch {
    return false;
  }
}

/** An IPv4/IPv6 address, or one followed by `/prefix` within the family's bits. */
export function isIpOrCidr(value: string): boolean {
  const parts = value.trim().split('/');
  if (parts.length > 2) return false;
  const [address = '', prefix] = parts;
  const bits = IPV4.test(address) ? 32 : isIpv6(address) ? 128 : 0;
  if (bits === 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits);
}

export const VALUE_HINTS: Record<BlacklistType, string> = {
  ip: 'One address (203.0.113.7, 2001:db8::1) or a CIDR range (203.0.113.0/24, 2001:db8::/32).',
  hwid: `The hardware ID exactly as your software sends it, up to ${ClientLimits.hwidMax} characters.`,
  username: `${USERNAME_RULE} (matched in any case, stored in lower case).`,
};

/** `true`, or the message the API would answer for this value. */
export function checkValue(type: BlacklistType, value: string): true | string {
  switch (type) {
    case 'ip':
      return isIpOrCidr(value) || BlacklistValueMessage.ip;
    case 'hwid':
      return (value.length >= 1 && value.length <= ClientLimits.hwidMax) || BlacklistValueMessage.hwid;
    case 'username':
      return ClientLimits.usernamePattern.test(value) || BlacklistValueMessage.username;
  }
}
