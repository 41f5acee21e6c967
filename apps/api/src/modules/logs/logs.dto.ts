import type { ListAuditQuery } from '@latchkey/contracts';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, Matches } from 'class-validator';
import { Optional } from '../../common/input/optional-field.js';
import { PageQuery } from '../../common/admin-response.js';

export class AuditQuery extends PageQuery implements ListAuditQuery {
  @ApiPropertyOptional({
    example: 'client.login',
    description:
      'An entry type, or a prefix of types: `client` lists every client entry, `admin.user` every user change',
  })
  @Optional()
  @Matches(/^[a-z0-9_-]{1,32}(\.[a-z0-9_-]{1,32}){0,3}$/, {
    message: 'type must be an entry type such as client.login or admin.user.ban',
  })
  @IsString({ message: 'type must be a string' })
  type?: string;
}
