import { IsUUID } from 'class-validator';
import { FieldMessage } from '../field-messages.js';
import { Optional } from './fields.js';
import { ListQuery } from './paging.js';

/*
 * The end users' sessions list query: the one declaration of its rules. The
 * API's SessionsQuery (apps/api/src/modules/sessions) extends it with OpenAPI only.
 */

/** `GET .../sessions`: paging, and optionally one user's sessions only. */
export class ListSessionsQuery extends ListQuery {
  @Optional()
  @IsUUID('all', { message: FieldMessage.uuid('userId') })
  userId?: string;
}
