import type { AdminList, AdminSuccess } from '@latchkey/contracts';
import { FieldMessage, PAGE_DEFAULT_LIMIT, PAGE_DEPTH_MESSAGE, PageLimits, type ListQuery } from '@latchkey/contracts';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { fieldError } from './errors.js';
import { Optional } from './input/optional-field.js';
import type { Page } from './sql.js';

export function ok<T>(data: T): AdminSuccess<T> {
  return { success: true, data };
}

/** A list's answer: the page's items and `meta`, which says when the total is an estimate. */
export function paged<T>({ items, total, totalIsEstimate }: Page<T>, query: PageQuery): AdminList<T> {
  const meta = { page: query.page, limit: query.limit, total };
  return { success: true, data: items, meta: totalIsEstimate ? { ...meta, totalIsEstimate } : meta };
}

const { pageMin, pageMax, limitMin, limitMax } = PageLimits;
const PAGE_RANGE = FieldMessage.between('page', pageMin, pageMax);
const LIMIT_RANGE = FieldMessage.between('limit', limitMin, limitMax);

/** `page` and `limit` query parameters shared by every admin list. */
export class PageQuery implements ListQuery {
  @ApiPropertyOptional({
    minimum: pageMin,
    maximum: pageMax,
    default: pageMin,
    description: `page x limit may be at most ${PageLimits.rowsMax}: deeper, search or filter`,
  })
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

/** Where the page starts; a page ending deeper than PageLimits.rowsMax is refused (docs/decisions/scale-and-planner-statistics.md). */
export function pageOffset(query: PageQuery): number {
  if (query.page * query.limit > PageLimits.rowsMax) throw fieldError('page', PAGE_DEPTH_MESSAGE);
  return (query.page - 1) * query.limit;
}
