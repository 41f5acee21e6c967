import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type KeyAuthImport,
  type KeyAuthImportKind,
  KeyAuthImportMessage,
  type KeyAuthImportOutcome,
  type KeyAuthImportRow as KeyAuthImportRowView,
} from '@latchkey/contracts';
import type { Queue } from 'bullmq';
import { DataSource, type EntityManager } from 'typeorm';
import type { Actor } from '../../../common/auth/actor.js';
import { AppError, fieldError } from '../../../common/errors.js';
import { PasswordHasher } from '../../../common/password-hasher.js';
import { PlannerStatistics } from '../../../common/planner-statistics.js';
import { JOB_QUEUE } from '../../../common/queue.module.js';
import { sqlAffected, sqlPage, sqlRows } from '../../../common/sql.js';
import { drain, type UploadPart } from '../../files/multipart-upload.js';
import { queueJobs } from '../../jobs/job-queue.js';
import { insertJob, setJobTotal } from '../../jobs/job-records.js';
import { keyAuthRecords, type KeyAuthFileSummary } from './keyauth-file.js';
import { importRow, importView } from './keyauth-import-view.js';
import {
  CLAIM_COMMIT,
  INSERT_IMPORT,
  type KeyAuthImportRow,
  LIST_IMPORTS,
  LIST_STAGED_KEYS,
  LIST_STAGED_USERS,
  SET_IMPORT_FORMAT,
  type StagedRowView,
} from './keyauth-import.queries.js';
import { StagingBatches } from './staging-batches.js';

/**
 * Imports from KeyAuth (API process): the upload is read as it streams into
 * staging tables, with the import and its preview job, in one transaction
 * (a file that cannot be read leaves nothing); the worker previews it
 * (KeyAuthPreview), and on the owner's word commits it (KeyAuthCommit).
 */
@Injectable()
export class KeyAuthImportService {
  private readonly logger = new Logger(KeyAuthImportService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectQueue(JOB_QUEUE) private readonly queue: Queue,
    private readonly statistics: PlannerStatistics,
    private readonly passwords: PasswordHasher,
  ) {}

  async create(actor: Actor, appId: string, parts: AsyncIterable<UploadPart>): Promise<KeyAuthImport> {
    const { imported, staged } = await this.dataSource.transaction(async (manager) => {
      let created: { imported: KeyAuthImportRow; staged: number } | null = null;
      for await (const part of parts) {
        if (part.kind !== 'file' || part.name !== 'file' || created) {
          if (part.kind === 'file') await drain(part.stream);
          continue;
        }
        created = await this.stage(manager, actor, appId, part.filename, part.stream);
      }
      if (!created) throw fieldError('file', KeyAuthImportMessage.noFile);
      return created;
    });
    this.statistics.wrote('keyauth_import_users', staged);
    this.statistics.wrote('keyauth_import_keys', staged);
    this.statistics.wrote('keyauth_import_subscriptions', staged);
    await this.enqueue(imported.preview_job_id);
    return importView(this.dataSource, imported);
  }

  async list(appId: string, offset: number, limit: number) {
    const page = await sqlPage<KeyAuthImportRow>(this.dataSource, LIST_IMPORTS, [appId], { offset, limit });
    return { ...page, items: await Promise.all(page.items.map((row) => importView(this.dataSource, row))) };
  }

  async get(appId: string, importId: string): Promise<KeyAuthImport> {
    return importView(this.dataSource, await importRow(this.dataSource, appId, importId));
  }

  async rows(
    appId: string,
    importId: string,
    kind: KeyAuthImportKind,
    outcome: KeyAuthImportOutcome | null,
    page: { offset: number; limit: number },
  ) {
    await importRow(this.dataSource, appId, importId);
    return sqlPage<StagedRowView, KeyAuthImportRowView>(
      this.dataSource,
      kind === 'users' ? LIST_STAGED_USERS : LIST_STAGED_KEYS,
      [importId, outcome],
      page,
      (row) => ({
        line: row.line,
        name: row.name,
        outcome: row.outcome,
        reason: row.reason,
        level: row.level,
        status: row.status,
        usedBy: row.used_by,
        durationType: row.duration_type,
        extraDays: row.extra_days,
        hwid: row.hwid,
        banned: row.banned,
      }),
    );
  }

  /**
   * Starts the commit with the owner's level per subscription name: only
   * once the preview is ready, and once (a failed or cancelled commit may be
   * retried). The worker runs it in one transaction.
   */
  async commit(actor: Actor, appId: string, importId: string, levels: Record<string, number>): Promise<KeyAuthImport> {
    const claimed = await this.dataSource.transaction(async (manager) => {
      const job = await insertJob(manager, actor, appId, 'keyauth.commit');
      const [row] = await sqlRows<KeyAuthImportRow>(manager, CLAIM_COMMIT, [
        importId,
        appId,
        job.id,
        JSON.stringify(levels),
      ]);
      if (!row) {
        await importRow(manager, appId, importId);
        throw new AppError('CONFLICT', KeyAuthImportMessage.notReady);
      }
      return row;
    });
    await this.enqueue(claimed.commit_job_id!);
    return importView(this.dataSource, claimed);
  }

  private async stage(
    manager: EntityManager,
    actor: Actor,
    appId: string,
    fileName: string,
    file: AsyncIterable<Buffer>,
  ): Promise<{ imported: KeyAuthImportRow; staged: number }> {
    const job = await insertJob(manager, actor, appId, 'keyauth.preview');
    const [imported] = await sqlRows<KeyAuthImportRow>(manager, INSERT_IMPORT, [
      appId,
      'dashboard-keys',
      // Control characters (a NUL PostgreSQL cannot store) are no part of a name to show.
      fileName.replace(/[\p{Cc}\p{Cs}]/gu, '').slice(0, 255) || null,
      job.id,
    ]);
    const batches = new StagingBatches(manager, imported!.id);
    const summary: Partial<KeyAuthFileSummary> = {};
    const rules = { passwordCostMax: this.passwords.plainCostMax };
    for await (const record of keyAuthRecords(file, summary, rules)) await batches.add(record);
    const staged = await batches.flush();
    await sqlAffected(manager, SET_IMPORT_FORMAT, [imported!.id, summary.format]);
    await setJobTotal(manager, job.id, staged);
    return { imported: { ...imported!, format: summary.format! }, staged };
  }

  private async enqueue(jobId: string): Promise<void> {
    await queueJobs(this.queue, [jobId]).catch((err: Error) =>
      this.logger.warn(`KeyAuth import job ${jobId} not queued, the worker's sweep will: ${err.message}`),
    );
  }
}
