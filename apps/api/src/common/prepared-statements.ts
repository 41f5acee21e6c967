import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';

/**
 * Named prepared statements on TypeORM's own pg pool, for the client
 * endpoint's hot paths. PostgreSQL parses and plans an unnamed statement on
 * every call; a named one is prepared once per connection and its plan reused,
 * which on these short queries is a large share of the work.
 */
@Injectable()
export class PreparedStatements {
  private readonly pool: Pool;

  constructor(@InjectDataSource() dataSource: DataSource) {
    this.pool = (dataSource.driver as PostgresDriver).master as Pool;
  }

  /** Runs the statement `name` (its text must never change for a given name) and returns its rows. */
  async rows<T>(name: string, text: string, values: unknown[]): Promise<T[]> {
    const result = await this.pool.query({ name, text, values });
    return result.rows as T[];
  }
}
