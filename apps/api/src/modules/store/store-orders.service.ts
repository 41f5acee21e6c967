import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { StoreLimits, type StoreOrderDetail } from '@latchkey/contracts';
import { DataSource } from 'typeorm';
import { pageOffset } from '../../common/admin-response.js';
import { AppError } from '../../common/errors.js';
import { escapeLike, sqlPage, sqlRows } from '../../common/sql.js';
import type { ListStoreEventsQuery, ListStoreOrdersQuery } from './store.dto.js';
import {
  type EventRow,
  FIND_ORDER,
  LIST_EVENTS,
  LIST_ORDERS,
  ORDER_EVENTS,
  type OrderRow,
  SEARCH_ORDERS,
} from './store.queries.js';
import { toEventRecord, toOrder } from './store-views.js';

/** An app's orders and received events, as the console lists them (owner and admin). */
@Injectable()
export class StoreOrdersService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Newest first, by status and connection; `search` finds orders whose buyer
   * email, store order id or one of whose keys starts with it (an exact value
   * is its own prefix).
   */
  async list(appId: string, query: ListStoreOrdersQuery) {
    const window = { offset: pageOffset(query), limit: query.limit };
    const filters = [appId, query.status ?? null, query.connectionId ?? null];
    const search = query.search?.trim();
    if (!search) return sqlPage(this.dataSource, LIST_ORDERS, filters, window, toOrder);
    const prefix = (text: string) => `${escapeLike(text)}%`;
    const key = search.toUpperCase();
    return sqlPage(
      this.dataSource,
      SEARCH_ORDERS,
      [
        ...filters,
        prefix(search.toLowerCase()),
        prefix(search),
        key.length >= StoreLimits.keyPrefixMin ? prefix(key) : null,
        key,
      ],
      window,
      toOrder,
    );
  }

  async get(appId: string, orderId: string): Promise<StoreOrderDetail> {
    const [row] = await sqlRows<OrderRow>(this.dataSource, FIND_ORDER, [orderId, appId]);
    if (!row) throw new AppError('NOT_FOUND');
    const events = await sqlRows<EventRow>(this.dataSource, ORDER_EVENTS, [orderId]);
    return { ...toOrder(row), events: events.map(toEventRecord) };
  }

  async events(appId: string, query: ListStoreEventsQuery) {
    const window = { offset: pageOffset(query), limit: query.limit };
    const filters = [appId, query.outcome ?? null, query.connectionId ?? null];
    return sqlPage(this.dataSource, LIST_EVENTS, filters, window, toEventRecord);
  }
}
