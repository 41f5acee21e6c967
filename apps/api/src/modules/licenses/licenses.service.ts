import { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { csvCell, LicenseLimits, type License } from '@latchkey/contracts';
import { DataSource } from 'typeorm';
import { AppError } from '../../common/errors.js';
import { pageOffset } from '../../common/admin-response.js';
import { PlannerStatistics } from '../../common/planner-statistics.js';
import { escapeLike, sqlPage, sqlRows } from '../../common/sql.js';
import { sqlTextBatches, type TextRow } from '../../common/sql-text.js';
import type { ChangeAuthor } from '../../common/auth/actor.js';
import { adminChange, AuditService } from '../audit/audit.service.js';
import { domainEvent, EventsService } from '../events/events.service.js';
import type { AppScope } from '../apps/app-access.js';
import { ResellerCredits } from '../resellers/reseller-credits.js';
import { SessionsAdminService } from '../sessions/sessions-admin.service.js';
import { applyLicenseLimits } from '../users/user-writes.js';
import { generateLicenseKey, type KeyShape } from './license-key.js';
import { toLicense } from './license-views.js';
import type { ExportLicensesQuery, GenerateLicensesDto, ListLicensesQuery, UpdateLicenseDto } from './licenses.dto.js';
import {
  BAN_LICENSE,
  DELETE_LICENSE,
  EXPORT_LICENSES,
  FIND_LICENSE,
  INSERT_KEYS,
  LICENSE_CSV_COLUMNS,
  LICENSE_EXISTS,
  type LicenseRow,
  LIST_LICENSES,
  SEARCH_LICENSES,
  scopeParameters,
  UNBAN_LICENSE,
  UPDATE_LICENSE,
} from './licenses.queries.js';

/**
 * Rows read per cursor round trip in an export: about 200 KB of CSV, large
 * enough that round trips cost little, small enough to keep memory flat.
 */
const EXPORT_BATCH_ROWS = 1000;
/** CSV an export holds ahead of a slow client before it stops reading. */
const EXPORT_BUFFER_BYTES = 256 * 1024;

/** Keys are drawn until `count` distinct ones are stored; a collision just draws again. */
const MAX_GENERATION_ROUNDS = 10;

@Injectable()
export class LicensesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: EventsService,
    private readonly sessions: SessionsAdminService,
    private readonly audit: AuditService,
    private readonly credits: ResellerCredits,
    private readonly statistics: PlannerStatistics,
  ) {}

  /**
   * Generates `count` keys. A reseller pays `count` credits in the same
   * transaction, all or nothing: the spend comes first (its row lock queues
   * the reseller's concurrent generations, and a refusal makes no key), the
   * ledger entry with the new ids last. Once committed, the keys count
   * toward the next ANALYZE of `licenses` (PlannerStatistics).
   */
  async generate(
    actor: ChangeAuthor,
    scope: AppScope,
    dto: GenerateLicensesDto,
    shape: KeyShape = {},
  ): Promise<License[]> {
    const { appId, resellerId } = scope;
    const count = dto.count ?? LicenseLimits.countDefault;
    const level = dto.level ?? LicenseLimits.levelDefault;
    // The default is the lowest allowed, so a reseller's maxDevices bound never refuses a key that names none.
    const maxDevices = dto.maxDevices ?? LicenseLimits.maxDevicesDefault;
    const generated = await this.dataSource.transaction(async (manager) => {
      const balanceAfter = resellerId
        ? await this.credits.spend(manager, resellerId, { count, level, durationType: dto.durationType, maxDevices })
        : null;
      const created: LicenseRow[] = [];
      for (let round = 0; created.length < count; round += 1) {
        if (round === MAX_GENERATION_ROUNDS) throw new Error('could not draw distinct license keys');
        const draw = shape.drawKey ?? (() => generateLicenseKey(dto.prefix));
        const keys = Array.from({ length: count - created.length }, draw);
        created.push(
          ...(await sqlRows<LicenseRow>(manager, INSERT_KEYS, [
            appId,
            keys,
            dto.durationType,
            level,
            maxDevices,
            dto.prefix ?? null,
            dto.note ?? null,
            actor.accountId,
            shape.extraDays ?? 0,
          ])),
        );
      }
      const licenseIds = created.map((l) => l.id);
      if (resellerId) {
        await this.credits.recordSpend(manager, resellerId, {
          actor: actor.email,
          balanceAfter: balanceAfter!,
          licenseIds,
        });
      }
      await this.audit.write(manager, [
        adminChange(actor, appId, 'admin.license.generate', {
          count,
          durationType: dto.durationType,
          licenseIds,
          ...(resellerId ? { creditsSpent: count, balanceAfter } : {}),
        }),
      ]);
      return created.map(toLicense);
    });
    this.statistics.wrote('licenses', generated.length);
    return generated;
  }

  /** Keys of the scope, newest first, filtered by status, creator and key or note. */
  async list(scope: AppScope, query: ListLicensesQuery) {
    const window = { offset: pageOffset(query), limit: query.limit };
    const inScope = scopeParameters(scope, query);
    if (query.search === undefined) return sqlPage(this.dataSource, LIST_LICENSES, inScope, window, toLicense);
    const pattern = `%${escapeLike(query.search)}%`;
    return sqlPage(this.dataSource, SEARCH_LICENSES, [...inScope, pattern], window, toLicense);
  }

  /**
   * The keys of the scope as CSV, oldest first, streamed: rows are read
   * through a cursor a batch at a time as the client takes them, so memory
   * stays flat whatever the app's size, and a client that goes away closes
   * the cursor (Fastify destroys the stream; the generator's finally runs).
   */
  exportCsv(scope: AppScope, query: ExportLicensesQuery): Readable {
    const batches = sqlTextBatches(this.dataSource, EXPORT_LICENSES, scopeParameters(scope, query), EXPORT_BATCH_ROWS);
    return Readable.from(csvChunks(batches), { objectMode: false, highWaterMark: EXPORT_BUFFER_BYTES });
  }

  async get(appId: string, licenseId: string): Promise<License> {
    return toLicense(await this.findInApp(appId, licenseId));
  }

  /**
   * Changes note, level or device limit. Level and device limit also apply to
   * the user whose current license this is, so a change is felt at once.
   */
  async update(actor: ChangeAuthor, appId: string, licenseId: string, dto: UpdateLicenseDto): Promise<License> {
    const license = await this.findInApp(appId, licenseId);
    const changes: Partial<Pick<License, 'note' | 'level' | 'maxDevices' | 'customerEmail'>> = {};
    if (dto.note !== undefined) changes.note = dto.note;
    if (dto.customerEmail !== undefined) changes.customerEmail = dto.customerEmail;
    if (dto.level !== undefined) changes.level = dto.level;
    if (dto.maxDevices !== undefined) changes.maxDevices = dto.maxDevices;
    if (Object.keys(changes).length === 0) return toLicense(license);
    const limits = { level: dto.level ?? null, maxDevices: dto.maxDevices ?? null };
    await this.dataSource.transaction(async (manager) => {
      await sqlRows(manager, UPDATE_LICENSE, [
        license.id,
        dto.note !== undefined,
        dto.note ?? null,
        limits.level,
        limits.maxDevices,
        dto.customerEmail !== undefined,
        dto.customerEmail ?? null,
      ]);
      if (dto.level !== undefined || dto.maxDevices !== undefined) {
        await applyLicenseLimits(manager, license.id, limits);
      }
      await this.audit.write(manager, [
        adminChange(actor, license.app_id, 'admin.license.update', {
          licenseId: license.id,
          key: license.key,
          changes,
        }),
      ]);
    });
    return { ...toLicense(license), ...changes };
  }

  /** Bans the key: it is refused from now on and its user's live sessions end. */
  async ban(
    actor: ChangeAuthor,
    appId: string,
    licenseId: string,
    reason: string | null | undefined,
    publicReason: string | null = null,
  ): Promise<License> {
    const license = await this.findInApp(appId, licenseId);
    const banned = await this.dataSource.transaction(async (manager) => {
      const rows = await sqlRows<{ user_id: string | null }>(manager, BAN_LICENSE, [
        license.id,
        reason ?? null,
        publicReason,
      ]);
      const userId = rows[0]?.user_id;
      if (userId) await this.sessions.endUserSessions(manager, userId, 'license_banned');
      await this.audit.write(manager, [
        adminChange(actor, license.app_id, 'admin.license.ban', {
          licenseId: license.id,
          key: license.key,
          reason: reason ?? null,
        }),
      ]);
      return { ...license, status: 'BANNED' as const, ban_reason: reason ?? null, ban_public_reason: publicReason };
    });
    return toLicense(banned);
  }

  /** Lifts a ban: the key is USED again when it was activated, UNUSED otherwise. */
  async unban(actor: ChangeAuthor, appId: string, licenseId: string): Promise<License> {
    const license = await this.findInApp(appId, licenseId);
    if (license.status !== 'BANNED') return toLicense(license);
    const status = license.activated_at ? 'USED' : 'UNUSED';
    await this.dataSource.transaction(async (manager) => {
      await sqlRows(manager, UNBAN_LICENSE, [license.id, status]);
      await this.audit.write(manager, [
        adminChange(actor, license.app_id, 'admin.license.unban', { licenseId: license.id, key: license.key }),
      ]);
    });
    return toLicense({ ...license, status, ban_reason: null, ban_public_reason: null });
  }

  /**
   * Deletes the key; its user stays, without this license, and that user's
   * sessions end. A reseller deletes only its own UNUSED keys (403 `Only
   * unused keys can be deleted`) and gets the credit back as a `refund` entry
   * in the same transaction.
   */
  async remove(actor: ChangeAuthor, scope: AppScope, licenseId: string): Promise<void> {
    const { resellerId } = scope;
    const license = await this.findInApp(scope.appId, licenseId, resellerId);
    if (resellerId && license.status !== 'UNUSED') throw new AppError('ONLY_UNUSED_KEYS');
    await this.events.transaction(async (manager, emit) => {
      // A reseller's key must still be unused as it goes: it may have been redeemed since it was read.
      const rows = await sqlRows<{ user_id: string | null }>(manager, DELETE_LICENSE, [
        license.id,
        resellerId !== null,
      ]);
      if (rows.length === 0) {
        const [kept] = await sqlRows(manager, LICENSE_EXISTS, [license.id]);
        throw new AppError(kept ? 'ONLY_UNUSED_KEYS' : 'NOT_FOUND');
      }
      const userId = rows[0]!.user_id;
      if (userId) await this.sessions.endUserSessions(manager, userId, 'license_deleted');
      const balanceAfter = resellerId
        ? await this.credits.refund(manager, resellerId, actor.email, [license.id])
        : null;
      emit(
        domainEvent('license.delete', license.app_id, {
          licenseId: license.id,
          key: license.key,
          deletedBy: actor.email,
          appId: license.app_id,
        }),
      );
      await this.audit.write(manager, [
        adminChange(actor, license.app_id, 'admin.license.delete', {
          licenseId: license.id,
          key: license.key,
          ...(resellerId ? { creditsRefunded: 1, balanceAfter } : {}),
        }),
      ]);
    });
  }

  /** The app's key (one `createdBy` made, when given): another app's, another creator's or an unknown id is 404. */
  private async findInApp(appId: string, licenseId: string, createdBy: string | null = null): Promise<LicenseRow> {
    const [license] = await sqlRows<LicenseRow>(this.dataSource, FIND_LICENSE, [licenseId, appId, createdBy]);
    if (!license) throw new AppError('NOT_FOUND');
    return license;
  }
}

const CSV_HEADER = LICENSE_CSV_COLUMNS.map(([field]) => field).join(',') + '\r\n';

/** The header, then one chunk of lines per batch of rows. */
async function* csvChunks(batches: AsyncIterable<TextRow[]>): AsyncGenerator<string> {
  yield CSV_HEADER;
  for await (const rows of batches) {
    let chunk = '';
    for (const row of rows) {
      chunk += csvCell(row[0]);
      for (let column = 1; column < row.length; column++) chunk += ',' + csvCell(row[column]);
      chunk += '\r\n';
    }
    yield chunk;
  }
}
