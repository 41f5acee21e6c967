import type { ListBlacklistQuery } from '@latchkey/contracts';
import {
  BLACKLIST_TYPES,
  BlacklistLimits,
  CreateBlacklistEntryRequest,
  FieldMessage,
  type BlacklistType,
} from '@latchkey/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { Optional } from '../../common/input/optional-field.js';
import { PageQuery } from '../../common/admin-response.js';

// The body's rules are the contracts' request shape's (libs/contracts/src/shapes/blacklist.ts); this adds
// OpenAPI only. The list query keeps its rule here: it extends PageQuery, which is not a shape yet.

const TYPE_MESSAGE = FieldMessage.oneOf('type', BLACKLIST_TYPES);

export class CreateBlacklistEntryDto extends CreateBlacklistEntryRequest {
  @ApiProperty({ enum: BLACKLIST_TYPES })
  declare type: BlacklistType;

  @ApiProperty({ example: '203.0.113.0/24', description: 'An address or CIDR range (ip), an HWID, or a username' })
  declare value: string;

  @ApiPropertyOptional({ maxLength: BlacklistLimits.reasonMax, nullable: true })
  declare reason?: string | null;
}

export class BlacklistQuery extends PageQuery implements ListBlacklistQuery {
  @ApiPropertyOptional({ enum: BLACKLIST_TYPES })
  @Optional()
  @IsIn(BLACKLIST_TYPES, { message: TYPE_MESSAGE })
  type?: BlacklistType;
}
