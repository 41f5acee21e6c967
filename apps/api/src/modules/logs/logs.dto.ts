import {
  AUDIT_SEARCH_MESSAGE,
  AUDIT_SEARCH_PATTERN,
  AUDIT_TYPE_MESSAGE,
  AUDIT_TYPE_PATTERN,
  FieldMessage,
  type ListAuditQuery,
} from '@latchkey/contracts';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, IsUUID, Matches } from 'class-validator';
import { Optional } from '../../common/input/optional-field.js';
import { PageQuery } from '../../common/admin-response.js';

export class AuditQuery extends PageQuery implements ListAuditQuery {
  @ApiPropertyOptional({
    example: 'client.login',
    description:
      'An entry type, or a prefix of types: `client` lists every client entry, `admin.user` every user change',
  })
  @Optional()
  @Matches(AUDIT_TYPE_PATTERN, { message: AUDIT_TYPE_MESSAGE })
  @IsString({ message: FieldMessage.string('type') })
  type?: string;

  @ApiPropertyOptional({ description: 'Only the changes made by this account (a member’s accountId)' })
  @Optional()
  @IsUUID('all', { message: FieldMessage.uuid('actorId') })
  actorId?: string;

  @ApiPropertyOptional({
    example: 'ABCD-EFGH-IJKL-MNOP',
    description:
      'A license key or a username, whole: only the entries naming that key (its client calls, its creation and changes, and those of its user) or the user of that name in any ASCII case (its client calls, failed ones included, and its changes)',
  })
  @Optional()
  @Matches(AUDIT_SEARCH_PATTERN, { message: AUDIT_SEARCH_MESSAGE })
  @IsString({ message: FieldMessage.string('search') })
  search?: string;
}
