import type { AdminList, AdminSuccess } from '@latchkey/contracts';
import { ListQuery, PAGE_DEFAULT_LIMIT, PAGE_DEPTH_MESSAGE, PageLimits } from '@latchkey/contracts';
import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { fieldError } from './errors.js';
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

/** The OpenAPI part of `page` and its conversion from the query string's text (the rules: the contracts' ListQuery). */
export const ApiPage = () =>
  applyDecorators(
    ApiPropertyOptional({
      minimum: pageMin,
      maximum: pageMax,
      default: pageMin,
      description: `page x limit may be at most ${PageLimits.rowsMax}: deeper, search or filter`,
    }),
    Type(() => Number),
  );

/** The OpenAPI part of `limit` and its conversion, like ApiPage. */
export const ApiLimit = () =>
  applyDecorators(
    ApiPropertyOptional({ minimum: limitMin, maximum: limitMax, default: PAGE_DEFAULT_LIMIT }),
    Type(() => Number),
  );

/**
 * `page` and `limit` query parameters shared by every admin list. The rules are the contracts' ListQuery's
 * (libs/contracts/src/shapes/paging.ts); this adds OpenAPI, and the query string's text made a number. A list
 * query with filters extends its contracts shape (itself a ListQuery) and re-declares both the same way.
 */
export class PageQuery extends ListQuery {
  @ApiPage()
  declare page: number;

  @ApiLimit()
  declare limit: number;
}

/** Where the page starts; a page ending deeper than PageLimits.rowsMax is refused (docs/decisions/scale-and-planner-statistics.md). */
export function pageOffset(query: PageQuery): number {
  if (query.page * query.limit > PageLimits.rowsMax) throw fieldError('page', PAGE_DEPTH_MESSAGE);
  return (query.page - 1) * query.limit;
}
