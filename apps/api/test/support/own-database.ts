import { afterAll, beforeAll } from '@jest/globals';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source.js';
import { dropDatabase, freshDatabase } from '../../../../scripts/test-service.mjs';

/**
 * An empty database of the spec's own (the test database's name with
 * `_<suffix>`), for specs that run migrations themselves: created with a
 * connected DataSource before the spec's tests, dropped after them. The hook
 * fills in `dataSource`.
 */
export function ownDatabase(suffix: string): { dataSource: DataSource } {
  const name = `${process.env.TEST_DATABASE_NAME || 'latchkey_test'}_${suffix}`;
  const database = {} as { dataSource: DataSource };
  beforeAll(async () => {
    database.dataSource = new DataSource(dataSourceOptions(await freshDatabase(name), 2));
    await database.dataSource.initialize();
  });
  afterAll(async () => {
    await database.dataSource?.destroy();
    await dropDatabase(name);
  });
  return database;
}
