import { IsInt, Max, Min } from 'class-validator';
import { PAGE_DEFAULT_LIMIT, PageLimits } from '../admin-limits.js';
import { FieldMessage } from '../field-messages.js';
import { Optional } from './fields.js';

/*
 * The paging query of every admin list: the one declaration of its rules. The
 * API's PageQuery (apps/api/src/common/admin-response.ts) extends it with
 * OpenAPI only, and with the number conversion of the query string's text
 * (class-transformer, which contracts does not depend on).
 */

const { pageMin, pageMax, limitMin, limitMax } = PageLimits;
const PAGE_RANGE = FieldMessage.between('page', pageMin, pageMax);
const LIMIT_RANGE = FieldMessage.between('limit', limitMin, limitMax);

/** `page` and `limit`: absent, the first page of PAGE_DEFAULT_LIMIT items. */
export class ListQuery {
  @Optional()
  @Min(pageMin, { message: PAGE_RANGE })
  @Max(pageMax, { message: PAGE_RANGE })
  @IsInt({ message: FieldMessage.integer('page') })
  page?: number = pageMin;

  @Optional()
  @Min(limitMin, { message: LIMIT_RANGE })
  @Max(limitMax, { message: LIMIT_RANGE })
  @IsInt({ message: FieldMessage.integer('limit') })
  limit?: number = PAGE_DEFAULT_LIMIT;
}
