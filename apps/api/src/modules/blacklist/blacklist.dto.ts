import {
  BLACKLIST_TYPES,
  BlacklistLimits,
  CreateBlacklistEntryRequest,
  ListBlacklistQuery,
  type BlacklistType,
} from '@latchkey/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiLimit, ApiPage } from '../../common/admin-response.js';

// The rules are the contracts' request shapes' (libs/contracts/src/shapes/blacklist.ts); these add OpenAPI only.

export class CreateBlacklistEntryDto extends CreateBlacklistEntryRequest {
  @ApiProperty({ enum: BLACKLIST_TYPES })
  declare type: BlacklistType;

  @ApiProperty({ example: '203.0.113.0/24', description: 'An address or CIDR range (ip), an HWID, or a username' })
  declare value: string;

  @ApiPropertyOptional({ maxLength: BlacklistLimits.reasonMax, nullable: true })
  declare reason?: string | null;
}

export class BlacklistQuery extends ListBlacklistQuery {
  @ApiPage()
  declare page: number;

  @ApiLimit()
  declare limit: number;

  @ApiPropertyOptional({ enum: BLACKLIST_TYPES })
  declare type?: BlacklistType;
}
