import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { sqlRows } from '../../common/sql.js';
import { LAST_ACTIVATED_KEY } from './keyauth.queries.js';

/** The keys users activated, as KeyAuth's answers name them. */
@Injectable()
export class ActivatedKeys {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The key the user activated last; null for a user without one (made in the console or imported without a key). */
  async lastOf(appId: string, userId: string): Promise<string | null> {
    const [row] = await sqlRows<{ key: string }>(this.dataSource, LAST_ACTIVATED_KEY, [userId, appId]);
    return row?.key ?? null;
  }
}
