import type { ListSessionsQuery } from '@latchkey/contracts';
import { FieldMessage } from '@latchkey/contracts';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';
import { Optional } from '../../common/input/optional-field.js';
import { PageQuery } from '../../common/admin-response.js';

export class SessionsQuery extends PageQuery implements ListSessionsQuery {
  @ApiPropertyOptional({ description: "Only this user's sessions", format: 'uuid' })
  @Optional()
  @IsUUID('all', { message: FieldMessage.uuid('userId') })
  userId?: string;
}
