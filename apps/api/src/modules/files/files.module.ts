import { Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { FastifyInstance } from 'fastify';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';
import { PreparedStatements } from '../../common/prepared-statements.js';
import { Config } from '../../config/config.js';
import { AccountsModule } from '../accounts/accounts.module.js';
import { AppsModule } from '../apps/apps.module.js';
import { DownloadLinks } from './download-links.js';
import { DownloadRoute } from './download.route.js';
import { FileContents, FILES_POOL } from './file-contents.js';
import { FileDownloads } from './file-downloads.js';
import { FileSweeper } from './file-sweeper.js';
import { FilesController } from './files.controller.js';
import { FilesService } from './files.service.js';
import { DISK_RECORD_CACHE, DiskRecordCache } from './storage/disk-record-cache.js';
import { FILE_STORE, type FileStore } from './storage/file-store.js';
import { FsFileStore } from './storage/fs-file-store.js';
import { PostgresFileStore, type SqlPool } from './storage/postgres-file-store.js';

/**
 * Files: the admin routes, the content store chosen by FILE_STORAGE, download
 * links and `GET /v1/downloads/{token}`. FileDownloads (the client `file`
 * type) is exported for the client dispatcher.
 */
@Module({
  imports: [AccountsModule, AppsModule],
  controllers: [FilesController],
  providers: [
    {
      provide: FILES_POOL,
      inject: [getDataSourceToken()],
      // TypeORM's own pg pool: record reads and writes need no entity layer.
      useFactory: (dataSource: DataSource): SqlPool => (dataSource.driver as PostgresDriver).master as SqlPool,
    },
    {
      provide: FILE_STORE,
      inject: [Config, FILES_POOL],
      useFactory: async (config: Config, pool: SqlPool): Promise<FileStore> => {
        if (config.FILE_STORAGE === 'postgres') return new PostgresFileStore(pool);
        const store = new FsFileStore(config.FILE_STORAGE_DIR);
        await store.prepare();
        return store;
      },
    },
    {
      provide: DISK_RECORD_CACHE,
      inject: [Config],
      useFactory: async (config: Config): Promise<DiskRecordCache | null> => {
        // The fs store is on disk already: a copy of it would only double the disk it takes.
        const wanted = config.FILE_STORAGE === 'postgres' && config.FILE_DISK_CACHE_DIR !== '';
        if (!wanted || config.FILE_DISK_CACHE_BYTES === 0) return null;
        const cache = new DiskRecordCache(config.FILE_DISK_CACHE_DIR, config.FILE_DISK_CACHE_BYTES);
        await cache.prepare();
        return cache;
      },
    },
    FileContents,
    FilesService,
    DownloadLinks,
    PreparedStatements,
    DownloadRoute,
    FileDownloads,
    FileSweeper,
  ],
  exports: [FileDownloads, DownloadRoute],
})
export class FilesModule implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly downloads: DownloadRoute,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (fastify) this.downloads.register(fastify);
  }
}
