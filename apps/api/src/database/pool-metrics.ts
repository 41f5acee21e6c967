import { Gauge } from 'prom-client';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';

/** The counts of pg's Pool that tell saturation: connections open, idle, and queries waiting for one. */
interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** Set once the data source is up; a scrape before that reports no pool figures. */
let measuredPool: PoolCounts | null = null;

new Gauge({
  name: 'latchkey_db_pool_connections',
  help: 'PostgreSQL connections of the pool by state (in_use, idle): at most DATABASE_POOL_SIZE per process',
  labelNames: ['state'] as const,
  collect() {
    if (!measuredPool) return;
    this.labels('in_use').set(measuredPool.totalCount - measuredPool.idleCount);
    this.labels('idle').set(measuredPool.idleCount);
  },
});

new Gauge({
  name: 'latchkey_db_pool_waiting',
  help: 'Queries waiting for a free PostgreSQL connection (the pool is saturated when above 0)',
  collect() {
    if (measuredPool) this.set(measuredPool.waitingCount);
  },
});

/** Reads the pool of `dataSource` (its pg Pool) on every scrape. */
export function measureDatabasePool(dataSource: DataSource): void {
  measuredPool = (dataSource.driver as PostgresDriver).master as PoolCounts;
}
