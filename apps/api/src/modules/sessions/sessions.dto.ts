import { ListSessionsQuery } from '@latchkey/contracts';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { ApiLimit, ApiPage } from '../../common/admin-response.js';

// The rules are the contracts' request shape's (libs/contracts/src/shapes/sessions.ts); this adds OpenAPI only.

export class SessionsQuery extends ListSessionsQuery {
  @ApiPage()
  declare page: number;

  @ApiLimit()
  declare limit: number;

  @ApiPropertyOptional({ description: "Only this user's sessions", format: 'uuid' })
  declare userId?: string;
}
