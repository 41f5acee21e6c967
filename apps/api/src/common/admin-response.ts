import type { AdminList, AdminSuccess, ListQuery, PageMeta } from '@latchkey/contracts';
import { PAGE_DEFAULT_LIMIT, PAGE_MAX_LIMIT } from '@latchkey/contracts';
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

/** `page` and `limit` query parameters shared by every admin list. */
export class PageQuery implements ListQuery {
  @ApiPropertyOptional({ minimum: 1, default: 1 })
  @Optional()
  @Type(() => Number)
  @Min(1, { message: 'page must be between 1 and 1000000' })
  @Max(1_000_000, { message: 'page must be between 1 and 1000000' })
  @IsInt({ message: 'page must be an integer' })
  page: number = 1;

  @ApiPropertyOptional({ minimum: 1, maximum: PAGE_MAX_LIMIT, default: PAGE_DEFAULT_LIMIT })
  @Optional()
  @Type(() => Number)
  @Min(1, { message: `limit must be between 1 and ${PAGE_MAX_LIMIT}` })
  @Max(PAGE_MAX_LIMIT, { message: `limit must be between 1 and ${PAGE_MAX_LIMIT}` })
  @IsInt({ message: 'limit must be an integer' })
  limit: number = PAGE_DEFAULT_LIMIT;
}

export function pageOffset(query: PageQuery): number {
  return (query.page - 1) * query.limit;
}
