import type { AdminList, AdminSuccess, ListQuery, PageMeta } from '@latchkey/contracts';
import { FieldMessage, PAGE_DEFAULT_LIMIT, PageLimits } from '@latchkey/contracts';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { Optional } from './input/optional-field.js';

export function ok<T>(data: T): AdminSuccess<T> {
  return { success: true, data };
}

export function paged<T>(data: T[], meta: PageMeta): AdminList<T> {
  return { success: true, data, meta };
}

const { pageMin, pageMax, limitMin, limitMax } = PageLimits;
const PAGE_RANGE = FieldMessage.between('page', pageMin, pageMax);
const LIMIT_RANGE = FieldMessage.between('limit', limitMin, limitMax);

/** `page` and `limit` query parameters shared by every admin list. */
export class PageQuery implements ListQuery {
  @ApiPropertyOptional({ minimum: pageMin, maximum: pageMax, default: pageMin })
  @Optional()
  @Type(() => Number)
  @Min(pageMin, { message: PAGE_RANGE })
  @Max(pageMax, { message: PAGE_RANGE })
  @IsInt({ message: FieldMessage.integer('page') })
  page: number = pageMin;

  @ApiPropertyOptional({ minimum: limitMin, maximum: limitMax, default: PAGE_DEFAULT_LIMIT })
  @Optional()
  @Type(() => Number)
  @Min(limitMin, { message: LIMIT_RANGE })
  @Max(limitMax, { message: LIMIT_RANGE })
  @IsInt({ message: FieldMessage.integer('limit') })
  limit: number = PAGE_DEFAULT_LIMIT;
}

export function pageOffset(query: PageQuery): number {
  return (query.page - 1) * query.limit;
}
