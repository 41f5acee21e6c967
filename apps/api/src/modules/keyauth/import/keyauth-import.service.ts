import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type KeyAuthImport,
  type KeyAuthImportCounts,
  type KeyAuthImportKind,
  KeyAuthImportLimits,
  KeyAuthImportMessage,
  type KeyAuthImportOutcome,
  KeyAuthRowReason,
  type KeyAuthImportRow as KeyAuthImportRowView,
  type KeyAuthImportStatus,
  type Job,
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
import { findJob, insertJob, setJobTotal } from '../../jobs/job-records.js';
import { keyAuthRecords, type KeyAuthFileSummary } from './keyauth-file.js';
import type { StagedKey, StagedRecord, StagedSubscription, StagedUser } from './keyauth-records.js';
import {
  CLAIM_COMMIT,
  GET_IMPORT,
  INSERT_IMPORT,
  type KeyAuthImportRow,
  LIST_IMPORTS,
  LIST_STAGED_KEYS,
  LIST_STAGED_USERS,
  OUTCOME_COUNTS,
  type OutcomeCount,
  REFUSE_STAGED_USERS,
  SET_IMPORT_FORMAT,
  STAGE_KEYS,
  STAGE_SUBSCRIPTIONS,
  STAGE_USERS,
  type StagedRowView,
  SUBSCRIPTION_NAMES,
} from './keyauth-import.queries.js';

/** Staged rows written per statement while the file streams in. */
const STAGE_BATCH = 1000;

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
    return this.view(imported);
  }

  async list(appId: string, offset: number, limit: number) {
    const page = await sqlPage<KeyAuthImportRow>(this.dataSource, LIST_IMPORTS, [appId], { offset, limit });
    return { ...page, items: await Promise.all(page.items.map((row) => this.view(row))) };
  }

  async get(appId: string, importId: string): Promise<KeyAuthImport> {
    return this.view(await this.row(appId, importId));
  }

  async rows(
    appId: string,
    importId: string,
    kind: KeyAuthImportKind,
    outcome: KeyAuthImportOutcome | null,
    page: { offset: number; limit: number },
  ) {
    await this.row(appId, importId);
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
    checkLevels(levels);
    const claimed = await this.dataSource.transaction(async (manager) => {
      const job = await insertJob(manager, actor, appId, 'keyauth.commit');
      const [row] = await sqlRows<KeyAuthImportRow>(manager, CLAIM_COMMIT, [
        importId,
        appId,
        job.id,
        JSON.stringify(levels),
      ]);
      if (!row) {
        await this.row(appId, importId, manager);
        throw new AppError('CONFLICT', KeyAuthImportMessage.notReady);
      }
      return row;
    });
    await this.enqueue(claimed.commit_job_id!);
    return this.view(claimed);
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

  private async row(appId: string, importId: string, executor: EntityManager | DataSource = this.dataSource) {
    const [row] = await sqlRows<KeyAuthImportRow>(executor, GET_IMPORT, [importId, appId]);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  private async job(appId: string, jobId: string | null): Promise<Job | null> {
    return jobId ? findJob(this.dataSource, appId, jobId) : null;
  }

  private async view(read: KeyAuthImportRow): Promise<KeyAuthImport> {
    const [previewJob, commitJob] = await Promise.all([
      this.job(read.app_id, read.preview_job_id),
      this.job(read.app_id, read.commit_job_id),
    ]);
    // The commit writes the result in its batch's transaction, before its job ends: a row read before the job
    // was seen succeeding may predate the result, and would show a committed import with no result.
    const row = commitJob?.status === 'succeeded' && read.result === null ? await this.row(read.app_id, read.id) : read;
    const status = importStatus(previewJob, commitJob);
    const ready = previewJob?.status === 'succeeded' && row.result === null;
    const [counts, names] = ready
      ? await Promise.all([
          sqlRows<OutcomeCount>(this.dataSource, OUTCOME_COUNTS, [row.id]),
          sqlRows<{ name: string; users: number }>(this.dataSource, SUBSCRIPTION_NAMES, [
            row.id,
            KeyAuthImportLimits.subscriptionsMax,
          ]),
        ])
      : [[], []];
    return {
      id: row.id,
      appId: row.app_id,
      format: row.format,
      fileName: row.file_name,
      status,
      counts: ready ? { users: countsOf(counts, 'users'), keys: countsOf(counts, 'keys') } : null,
      subscriptions: names.map((name) => ({ ...name, level: row.levels[name.name] ?? 1 })),
      previewJob,
      commitJob,
      result: row.result,
      createdAt: row.created_at.toISOString(),
    };
  }

  private async enqueue(jobId: string): Promise<void> {
    await queueJobs(this.queue, [jobId]).catch((err: Error) =>
      this.logger.warn(`KeyAuth import job ${jobId} not queued, the worker's sweep will: ${err.message}`),
    );
  }
}

function importStatus(previewJob: Job | null, commitJob: Job | null): KeyAuthImportStatus {
  const latest = commitJob ?? previewJob;
  if (!latest || latest.status === 'queued' || latest.status === 'running') {
    return commitJob ? 'committing' : 'previewing';
  }
  if (latest.status === 'succeeded') return commitJob ? 'committed' : 'ready';
  return commitJob && previewJob?.status === 'succeeded' ? 'ready' : 'failed';
}

function countsOf(rows: OutcomeCount[], kind: KeyAuthImportKind): KeyAuthImportCounts {
  const counts: KeyAuthImportCounts = { create: 0, skip: 0, conflict: 0 };
  for (const row of rows) if (row.kind === kind) counts[row.outcome] = row.count;
  return counts;
}

function checkLevels(levels: Record<string, number>): void {
  const entries = Object.entries(levels);
  const valid =
    entries.length <= KeyAuthImportLimits.subscriptionsMax &&
    entries.every(
      ([name, level]) =>
        name.length <= 64 &&
        Number.isInteger(level) &&
        level >= KeyAuthImportLimits.levelMin &&
        level <= KeyAuthImportLimits.levelMax,
    );
  if (!valid) throw fieldError('levels', KeyAuthImportMessage.levels);
}

/** Staged rows gathered per table and written STAGE_BATCH at a time. */
class StagingBatches {
  private users: StagedUser[] = [];
  private subscriptions: StagedSubscription[] = [];
  private keys: StagedKey[] = [];
  private staged = 0;
  /** users (by username key) of a subscription that could not be staged */
  private readonly refusedUsers = new Set<string>();

  constructor(
    private readonly manager: EntityManager,
    private readonly importId: string,
  ) {}

  async add(record: StagedRecord): Promise<void> {
    if (record.section === 'users') this.users.push(record.row);
    else if (record.section === 'subscription' && record.row.problem !== null) {
      this.refusedUsers.add(record.row.usernameKey);
    } else if (record.section === 'subscription') this.subscriptions.push(record.row);
    else this.keys.push(record.row);
    if (this.users.length + this.subscriptions.length + this.keys.length >= STAGE_BATCH) await this.write();
  }

  /**
   * Writes what is left, then refuses the users of subscriptions that could
   * not be staged (a user imported without one would come in with less time
   * or a lower level); returns the users and keys staged (what the preview
   * goes through).
   */
  async flush(): Promise<number> {
    await this.write();
    if (this.refusedUsers.size > 0) {
      await sqlAffected(this.manager, REFUSE_STAGED_USERS, [
        this.importId,
        [...this.refusedUsers],
        KeyAuthRowReason.subscriptionNul,
      ]);
    }
    return this.staged;
  }

  private async write(): Promise<void> {
    const { users, subscriptions, keys } = this;
    [this.users, this.subscriptions, this.keys] = [[], [], []];
    this.staged += users.length + keys.length;
    if (users.length > 0) {
      await sqlRows(this.manager, STAGE_USERS, [
        this.importId,
        users.map((u) => u.line),
        users.map((u) => u.username),
        users.map((u) => u.usernameKey),
        users.map((u) => u.passwordHash),
        users.map((u) => u.hwid),
        users.map((u) => u.hwidCount),
        users.map((u) => u.banned),
        users.map((u) => u.banReason),
        users.map((u) => u.ip),
        users.map((u) => u.createdAt),
        users.map((u) => u.lastLoginAt),
        users.map((u) => u.problem),
      ]);
    }
    if (subscriptions.length > 0) {
      await sqlRows(this.manager, STAGE_SUBSCRIPTIONS, [
        this.importId,
        subscriptions.map((s) => s.line),
        subscriptions.map((s) => s.usernameKey),
        subscriptions.map((s) => s.name),
        subscriptions.map((s) => s.expiresAt),
      ]);
    }
    if (keys.length > 0) {
      await sqlRows(this.manager, STAGE_KEYS, [
        this.importId,
        keys.map((k) => k.line),
        keys.map((k) => k.key),
        keys.map((k) => k.level),
        keys.map((k) => k.durationType),
        keys.map((k) => k.extraDays),
        keys.map((k) => k.status),
        keys.map((k) => k.usedBy),
        keys.map((k) => k.usedByKey),
        keys.map((k) => k.activatedAt),
        keys.map((k) => k.note),
        keys.map((k) => k.banReason),
        keys.map((k) => k.problem),
      ]);
    }
  }
}
