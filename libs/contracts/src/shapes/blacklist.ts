import {
  IsIn,
  IsString,
  MaxLength,
  Validate,
  ValidatorConstraint,
  type ValidationArguments,
  type ValidatorConstraintInterface,
} from 'class-validator';
import { BLACKLIST_TYPES, BlacklistLimits, BlacklistValueMessage, type BlacklistType } from '../admin-limits.js';
import { ClientLimits } from '../client.js';
import { FieldMessage } from '../field-messages.js';
import { Optional, OptionalOrNull } from './fields.js';
import { ListQuery } from './paging.js';

/*
 * Request shape of a blacklist entry: the one declaration of its rules. The
 * API's DTO (apps/api/src/modules/blacklist) extends it with OpenAPI only, and
 * the dashboard's add-entry dialog validates with it too.
 */

// Node's own isIPv4/isIPv6 (lib/internal/net.js), which the API's normalizeIpValue uses, without zone ids
// (refused there): written out so the browser runs the same test. blacklist-ip-value.spec.ts compares them.
const V4_SEG = '(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])';
const V4 = `(?:${V4_SEG}\\.){3}${V4_SEG}`;
const V6_SEG = '(?:[0-9a-fA-F]{1,4})';
const IPV4 = new RegExp(`^${V4}$`);
const IPV6 = new RegExp(
  '^(?:' +
    `(?:${V6_SEG}:){7}(?:${V6_SEG}|:)|` +
    `(?:${V6_SEG}:){6}(?:${V4}|:${V6_SEG}|:)|` +
    `(?:${V6_SEG}:){5}(?::${V4}|(?::${V6_SEG}){1,2}|:)|` +
    `(?:${V6_SEG}:){4}(?:(?::${V6_SEG}){0,1}:${V4}|(?::${V6_SEG}){1,3}|:)|` +
    `(?:${V6_SEG}:){3}(?:(?::${V6_SEG}){0,2}:${V4}|(?::${V6_SEG}){1,4}|:)|` +
    `(?:${V6_SEG}:){2}(?:(?::${V6_SEG}){0,3}:${V4}|(?::${V6_SEG}){1,5}|:)|` +
    `(?:${V6_SEG}:){1}(?:(?::${V6_SEG}){0,4}:${V4}|(?::${V6_SEG}){1,6}|:)|` +
    `(?::(?:(?::${V6_SEG}){0,5}:${V4}|(?::${V6_SEG}){1,7}|:))` +
    ')$',
);

/** An `ip` entry's value: an IPv4/IPv6 address, or one with a `/prefix` within its family's bits; spaces around are ignored. */
export function isBlacklistIpValue(value: string): boolean {
  const parts = value.trim().split('/');
  const [address = '', prefix] = parts;
  const bits = IPV4.test(address) ? 32 : IPV6.test(address) ? 128 : 0;
  if (parts.length > 2 || bits === 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits);
}

/** `true` when `value` is one of `type`'s (a type that is not one is refused by the type's own rule). */
export function isBlacklistValue(type: unknown, value: string): boolean {
  switch (type) {
    case 'ip':
      return isBlacklistIpValue(value);
    case 'hwid':
      return value.length >= 1 && value.length <= ClientLimits.hwidMax;
    case 'username':
      return ClientLimits.usernamePattern.test(value);
    default:
      return true;
  }
}

/** `value` is checked by the rules of its `type`, so the message says what that type needs. */
@ValidatorConstraint({ name: 'blacklistValue' })
class BlacklistValueConstraint implements ValidatorConstraintInterface {
  validate(value: unknown, args: ValidationArguments): boolean {
    return typeof value === 'string' && isBlacklistValue((args.object as CreateBlacklistEntryRequest).type, value);
  }

  defaultMessage(args: ValidationArguments): string {
    const { type } = args.object as CreateBlacklistEntryRequest;
    return type === 'ip' || type === 'hwid' ? BlacklistValueMessage[type] : BlacklistValueMessage.username;
  }
}

const TYPE_MESSAGE = FieldMessage.oneOf('type', BLACKLIST_TYPES);

/** `POST .../blacklist`. */
export class CreateBlacklistEntryRequest {
  @IsIn(BLACKLIST_TYPES, { message: TYPE_MESSAGE })
  @IsString({ message: TYPE_MESSAGE })
  type!: BlacklistType;

  @Validate(BlacklistValueConstraint)
  @IsString({ message: FieldMessage.string('value') })
  value!: string;

  @OptionalOrNull()
  @MaxLength(BlacklistLimits.reasonMax, { message: FieldMessage.atMost('reason', BlacklistLimits.reasonMax) })
  @IsString({ message: FieldMessage.string('reason') })
  reason?: string | null;
}

/** `GET .../blacklist`: paging, and optionally one type of entry. */
export class ListBlacklistQuery extends ListQuery {
  @Optional()
  @IsIn(BLACKLIST_TYPES, { message: FieldMessage.oneOf('type', BLACKLIST_TYPES) })
  type?: BlacklistType;
}
