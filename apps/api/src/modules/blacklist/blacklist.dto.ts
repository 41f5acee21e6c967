import type { CreateBlacklistEntryRequest, ListBlacklistQuery } from '@latchkey/contracts';
import {
  BLACKLIST_TYPES,
  BlacklistLimits,
  ClientLimits,
  FieldMessage,
  BlacklistValueMessage,
  type BlacklistType,
} from '@latchkey/contracts';
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

const TYPE_MESSAGE = FieldMessage.oneOf('type', BLACKLIST_TYPES);

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
    const { type } = args.object as CreateBlacklistEntryDto;
    return type === 'ip' || type === 'hwid' ? BlacklistValueMessage[type] : BlacklistValueMessage.username;
  }
}

export class CreateBlacklistEntryDto implements CreateBlacklistEntryRequest {
  @ApiProperty({ enum: BLACKLIST_TYPES })
  @IsIn(BLACKLIST_TYPES, { message: TYPE_MESSAGE })
  @IsString({ message: TYPE_MESSAGE })
  type: BlacklistType;

  @ApiProperty({ example: '203.0.113.0/24', description: 'An address or CIDR range (ip), an HWID, or a username' })
  @Validate(BlacklistValueConstraint)
  @IsString({ message: FieldMessage.string('value') })
  value: string;

  @ApiPropertyOptional({ maxLength: BlacklistLimits.reasonMax, nullable: true })
  @OptionalOrNull()
  @MaxLength(BlacklistLimits.reasonMax, { message: FieldMessage.atMost('reason', BlacklistLimits.reasonMax) })
  @IsString({ message: FieldMessage.string('reason') })
  reason?: string | null;
}

export class BlacklistQuery extends PageQuery implements ListBlacklistQuery {
  @ApiPropertyOptional({ enum: BLACKLIST_TYPES })
  @Optional()
  @IsIn(BLACKLIST_TYPES, { message: TYPE_MESSAGE })
  type?: BlacklistType;
}
