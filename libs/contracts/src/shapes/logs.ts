import { IsString, IsUUID, Matches } from 'class-validator';
import { AUDIT_SEARCH_MESSAGE, AUDIT_SEARCH_PATTERN, AUDIT_TYPE_MESSAGE, AUDIT_TYPE_PATTERN } from '../admin-limits.js';
import { FieldMessage } from '../field-messages.js';
import { Optional } from './fields.js';
import { ListQuery } from './paging.js';

/*
 * The audit log's list query: the one declaration of its rules. The API's
 * AuditQuery (apps/api/src/modules/logs) extends it with OpenAPI only.
 */

/** `GET .../logs`: paging, and optionally an entry type or a prefix of types (`client`, `admin.user`). */
export class ListAuditQuery extends ListQuery {
  @Optional()
  @Matches(AUDIT_TYPE_PATTERN, { message: AUDIT_TYPE_MESSAGE })
  @IsString({ message: FieldMessage.string('type') })
  type?: string;

  /** only the changes of this account (an AppMember's accountId) */
  @Optional()
  @IsUUID('all', { message: FieldMessage.uuid('actorId') })
  actorId?: string;

  /**
   * A license key or a username (AUDIT_SEARCH_PATTERN): only the entries that
   * name that key (its client calls, its changes, its creation, and everything
   * about its user) or the user of that name (its client calls, failed ones
   * included, and every change to it).
   */
  @Optional()
  @Matches(AUDIT_SEARCH_PATTERN, { message: AUDIT_SEARCH_MESSAGE })
  @IsString({ message: FieldMessage.string('search') })
  search?: string;
}
