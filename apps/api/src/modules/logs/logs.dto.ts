import { ListAuditQuery } from '@latchkey/contracts';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { ApiLimit, ApiPage } from '../../common/admin-response.js';

// The rules are the contracts' request shape's (libs/contracts/src/shapes/logs.ts); this adds OpenAPI only.

export class AuditQuery extends ListAuditQuery {
  @ApiPage()
  declare page: number;

  @ApiLimit()
  declare limit: number;

  @ApiPropertyOptional({
    example: 'client.login',
    description:
      'An entry type, or a prefix of types: `client` lists every client entry, `admin.user` every user change',
  })
  declare type?: string;

  @ApiPropertyOptional({ description: 'Only the changes made by this account (a member’s accountId)' })
  declare actorId?: string;

  @ApiPropertyOptional({
    example: 'ABCD-EFGH-IJKL-MNOP',
    description:
      'A license key or a username, whole: only the entries naming that key (its client calls, its creation and changes, and those of its user) or the user of that name in any ASCII case (its client calls, failed ones included, and its changes)',
  })
  declare search?: string;
}
