import type { CreateBlacklistEntryRequest, ListBlacklistQuery } from '@latchkey/contracts';
import { BLACKLIST_TYPES, ClientLimits, type BlacklistType } from '@latchkey/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsIn,
  IsString,
  MaxLength,
  Validate,
  ValidatorConstraint,
  type ValidationArguments,
  type ValidatorConstraintInterface,
} from 'class-validator';
import { Optional, OptionalOrNull } from '../../common/input/optional-field.js';
import { PageQuery } from '../../common/admin-response.js';
import { normalizeIpValue } from './blacklist-matcher.js';

const TYPE_MESSAGE = `type must be one of ${BLACKLIST_TYPES.join(', ')}`;

/** `value` is checked by the rules of its `type`, so the message says what that type needs. */
@ValidatorConstraint({ name: 'blacklistValue' })
class BlacklistValueConstraint implements ValidatorConstraintInterface {
  validate(value: unknown, args: ValidationArguments): boolean {
    if (typeof value !== 'string') return false;
    switch ((args.object as CreateBlacklistEntryDto).type) {
      case 'ip':
        return normalizeIpValue(value) !== null;
      case 'hwid':
        return value.length >= 1 && value.length <= ClientLimits.hwidMax;
      case 'username':
        return ClientLimits.usernamePattern.test(value);
      default:
        // The type's own message names the problem.
        return true;
    }
  }

  defaultMessage(args: ValidationArguments): string {
    switch ((args.object as CreateBlacklistEntryDto).type) {
      case 'ip':
        return 'value must be an IPv4 or IPv6 address or CIDR range';
      case 'hwid':
        return `value must be 1-${ClientLimits.hwidMax} characters`;
      default:
        return 'value must be a username: 3-32 characters of A-Z, a-z, 0-9, _ . -';
    }
  }
}

export class CreateBlacklistEntryDto implements CreateBlacklistEntryRequest {
  @ApiProperty({ enum: BLACKLIST_TYPES })
  @IsIn(BLACKLIST_TYPES, { message: TYPE_MESSAGE })
  @IsString({ message: TYPE_MESSAGE })
  type: BlacklistType;

  @ApiProperty({ example: '203.0.113.0/24', description: 'An address or CIDR range (ip), an HWID, or a username' })
  @Validate(BlacklistValueConstraint)
  @IsString({ message: 'value must be a string' })
  value: string;

  @ApiPropertyOptional({ maxLength: 500, nullable: true })
  @OptionalOrNull()
  @MaxLength(500, { message: 'reason must be at most 500 characters' })
  @IsString({ message: 'reason must be a string' })
  reason?: string | null;
}

export class BlacklistQuery extends PageQuery implements ListBlacklistQuery {
  @ApiPropertyOptional({ enum: BLACKLIST_TYPES })
  @Optional()
  @IsIn(BLACKLIST_TYPES, { message: TYPE_MESSAGE })
  type?: BlacklistType;
}
