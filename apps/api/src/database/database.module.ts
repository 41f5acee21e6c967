import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Config } from '../config/config.js';
import { dataSourceOptions, ensureDatabase, runMigrations } from './data-source.js';
import { measureDatabasePool } from './pool-metrics.js';

/**
 * The TypeORM data source. On start it creates the database when missing and
 * runs pending migrations (serialised across processes by an advisory lock).
 */
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [Config],
      useFactory: (config: Config) => dataSourceOptions(config.DATABASE_URL, config.DATABASE_POOL_SIZE),
      dataSourceFactory: async (options) => {
        const url = (options as { url: string }).url;
        await ensureDatabase(url);
        const dataSource = await new DataSource(options!).initialize();
        await runMigrations(dataSource);
        measureDatabasePool(dataSource);
        return dataSource;
      },
    }),
  ],
})
export class DatabaseModule {}
