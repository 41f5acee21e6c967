import {
  CommitKeyAuthImportRequest,
  KEYAUTH_IMPORT_KINDS,
  KEYAUTH_IMPORT_OUTCOMES,
  KeyAuthImportRowsQuery as KeyAuthImportRowsShape,
  type KeyAuthImportKind,
  type KeyAuthImportOutcome,
} from '@latchkey/contracts';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { ApiLimit, ApiPage } from '../../../common/admin-response.js';

// The rules are the contracts' request shapes' (libs/contracts/src/shapes/keyauth-import.ts); these add
// OpenAPI only.

export class CommitKeyAuthImportDto extends CommitKeyAuthImportRequest {
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'integer' },
    description: 'the level of each KeyAuth subscription name; a name not given gets level 1',
  })
  declare levels?: Record<string, number>;
}

export class KeyAuthImportRowsQuery extends KeyAuthImportRowsShape {
  @ApiPage()
  declare page: number;

  @ApiLimit()
  declare limit: number;

  @ApiPropertyOptional({ enum: KEYAUTH_IMPORT_KINDS, default: 'users' })
  declare kind: KeyAuthImportKind;

  @ApiPropertyOptional({ enum: KEYAUTH_IMPORT_OUTCOMES })
  declare outcome?: KeyAuthImportOutcome;
}
