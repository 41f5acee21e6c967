import {
  type CommitKeyAuthImportRequest,
  KEYAUTH_IMPORT_KINDS,
  KEYAUTH_IMPORT_OUTCOMES,
  type KeyAuthImportKind,
  KeyAuthImportMessage,
  type KeyAuthImportOutcome,
} from '@latchkey/contracts';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsObject } from 'class-validator';
import { PageQuery } from '../../../common/admin-response.js';
import { Optional } from '../../../common/input/optional-field.js';

export class CommitKeyAuthImportDto implements CommitKeyAuthImportRequest {
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'integer' },
    description: 'the level of each KeyAuth subscription name; a name not given gets level 1',
  })
  @Optional()
  @IsObject({ message: KeyAuthImportMessage.levels })
  levels?: Record<string, number>;
}

export class KeyAuthImportRowsQuery extends PageQuery {
  @ApiPropertyOptional({ enum: KEYAUTH_IMPORT_KINDS, default: 'users' })
  @Optional()
  @IsIn(KEYAUTH_IMPORT_KINDS, { message: KeyAuthImportMessage.kind })
  kind: KeyAuthImportKind = 'users';

  @ApiPropertyOptional({ enum: KEYAUTH_IMPORT_OUTCOMES })
  @Optional()
  @IsIn(KEYAUTH_IMPORT_OUTCOMES, { message: KeyAuthImportMessage.outcome })
  outcome?: KeyAuthImportOutcome;
}
