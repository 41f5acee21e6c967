import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { License } from '@latchkey/contracts';
import { In, Repository } from 'typeorm';
import { AppError } from '../../common/errors.js';
import { escapeLike, sqlRows } from '../../common/sql.js';
import { iso } from '../../common/iso.js';
import type { Actor } from '../../common/auth/actor.js';
import { adminChange, AuditService } from '../audit/audit.service.js';
import { domainEvent, EventsService } from '../events/events.service.js';
import type { AppScope } from '../apps/app-access.js';
import { ResellerCredits } from '../resellers/reseller-credits.js';
import { SessionsAdminService } from '../sessions/sessions-admin.service.js';
import { generateLicenseKey } from './license-key.js';
import { LicenseEntity } from './license.entity.js';
import type { ExportLicensesQuery, GenerateLicensesDto, ListLicensesQuery, UpdateLicenseDto } from './licenses.dto.js';

/** Keys are drawn until `count` distinct ones are stored; a collision just draws again. */
const MAX_GENERATION_ROUNDS = 10;

@Injectable()
export class LicensesService {
  constructor(
    private readonly events: EventsService,
    private readonly sessions: SessionsAdminService,
    private readonly audit: AuditService,
    private readonly credits: ResellerCredits,
    @InjectRepository(LicenseEntity) private readonly licenses: Repository<LicenseEntity>,
  ) {}

  /**
   * Generates `count` keys. A reseller pays `count` credits in the same
   * transaction, all or nothing: the spend comes first (its row lock queues
   * the reseller's concurrent generations, and a refusal makes no key), the
   * ledger entry with the new ids last.
   */
  async generate(actor: Actor, scope: AppScope, dto: GenerateLicensesDto): Promise<License[]> {
    const { appId, resellerId } = scope;
    const count = dto.count ?? 1;
    const level = dto.level ?? 1;
    // The default is the lowest allowed, so a reseller's maxDevices bound never refuses a key that names none.
    const maxDevices = dto.maxDevices ?? 1;
    return this.licenses.manager.transaction(async (manager) => {
      const balanceAfter = resellerId
        ? await this.credits.spend(manager, resellerId, { count, level, durationType: dto.durationType, maxDevices })
        : null;
      const created: LicenseEntity[] = [];
      for (let round = 0; created.length < count; round += 1) {
        if (round === MAX_GENERATION_ROUNDS) throw new Error('could not draw distinct license keys');
        const keys = Array.from({ length: count - created.length }, () => generateLicenseKey(dto.prefix));
        const rows: LicenseEntity[] = await manager.query(
          `INSERT INTO licenses (app_id, key, duration_type, level, max_devices, prefix, note, created_by)
           SELECT $1, k, $3, $4, $5, $6, $7, $8 FROM unnest($2::text[]) WITH ORDINALITY AS t(k, n) ORDER BY n
           ON CONFLICT (app_id, key) DO NOTHING
           RETURNING id`,
          [appId, keys, dto.durationType, level, maxDevices, dto.prefix ?? null, dto.note ?? null, actor.accountId],
        );
        const ids = rows.map((r) => r.id);
        const inserted = await manager.findBy(LicenseEntity, { id: In(ids) });
        const byId = new Map(inserted.map((l) => [l.id, l]));
        created.push(...ids.map((id) => byId.get(id)!));
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
  }

  /** Keys of the scope, newest first, filtered by status, creator and key or note. */
  async list(scope: AppScope, query: ListLicensesQuery) {
    const qb = this.inScope(scope, query)
      .orderBy('l.created_at', 'DESC')
      .addOrderBy('l.id', 'DESC')
      .skip((query.page - 1) * query.limit)
      .take(query.limit);
    if (query.search) {
      qb.andWhere("(l.key ILIKE :pattern ESCAPE '\\' OR l.note ILIKE :pattern ESCAPE '\\')", {
        pattern: `%${escapeLike(query.search)}%`,
      });
    }
    const [rows, total] = await qb.getManyAndCount();
    return { items: rows.map(toLicense), total };
  }

  async exportCsv(scope: AppScope, query: ExportLicensesQuery): Promise<string> {
    const rows = await this.inScope(scope, query).orderBy('l.created_at', 'ASC').addOrderBy('l.id', 'ASC').getMany();
    const header = CSV_FIELDS.join(',');
    const lines = rows.map((row) => {
      const license = toLicense(row);
      return CSV_FIELDS.map((field) => csvCell(license[field])).join(',');
    });
    return [header, ...lines].join('\r\n') + '\r\n';
  }

  /**
   * The app's keys a scope reaches (a reseller: the ones it generated), by
   * status and creator. A reseller naming another creator gets no rows.
   */
  private inScope(scope: AppScope, filters: ExportLicensesQuery) {
    const qb = this.licenses.createQueryBuilder('l').where('l.app_id = :appId', { appId: scope.appId });
    if (scope.resellerId) qb.andWhere('l.created_by = :reseller', { reseller: scope.resellerId });
    if (filters.createdBy) qb.andWhere('l.created_by = :createdBy', { createdBy: filters.createdBy });
    if (filters.status) qb.andWhere('l.status = :status', { status: filters.status });
    return qb;
  }

  async get(appId: string, licenseId: string): Promise<License> {
    return toLicense(await this.findInApp(appId, licenseId));
  }

  /**
   * Changes note, level or device limit. Level and device limit also apply to
   * the user whose current license this is, so a change is felt at once.
   */
  async update(actor: Actor, appId: string, licenseId: string, dto: UpdateLicenseDto): Promise<License> {
    const license = await this.findInApp(appId, licenseId);
    const changes: Partial<LicenseEntity> = {};
    if (dto.note !== undefined) changes.note = dto.note;
    if (dto.level !== undefined) changes.level = dto.level;
    if (dto.maxDevices !== undefined) changes.maxDevices = dto.maxDevices;
    if (Object.keys(changes).length === 0) return toLicense(license);
    await this.licenses.manager.transaction(async (manager) => {
      await manager.update(LicenseEntity, { id: license.id }, changes);
      if (dto.level !== undefined || dto.maxDevices !== undefined) {
        await manager.query(
          `UPDATE users SET level = COALESCE($2, level), max_devices = COALESCE($3, max_devices)
            WHERE license_id = $1`,
          [license.id, dto.level ?? null, dto.maxDevices ?? null],
        );
      }
      await this.audit.write(manager, [
        adminChange(actor, license.appId, 'admin.license.update', { licenseId: license.id, changes }),
      ]);
    });
    return toLicense({ ...license, ...changes });
  }

  /** Bans the key: it is refused from now on and its user's live sessions end. */
  async ban(actor: Actor, appId: string, licenseId: string, reason: string | null | undefined): Promise<License> {
    const license = await this.findInApp(appId, licenseId);
    const banned = await this.licenses.manager.transaction(async (manager) => {
      const rows = await sqlRows<{ user_id: string | null }>(
        manager,
        `UPDATE licenses SET status = 'BANNED', ban_reason = $2 WHERE id = $1 RETURNING user_id`,
        [license.id, reason ?? null],
      );
      const userId = rows[0]?.user_id;
      if (userId) await this.sessions.endUserSessions(manager, userId, 'license_banned');
      await this.audit.write(manager, [
        adminChange(actor, license.appId, 'admin.license.ban', { licenseId: license.id, reason: reason ?? null }),
      ]);
      return { ...license, status: 'BANNED' as const, banReason: reason ?? null };
    });
    return toLicense(banned);
  }

  /** Lifts a ban: the key is USED again when it was activated, UNUSED otherwise. */
  async unban(actor: Actor, appId: string, licenseId: string): Promise<License> {
    const license = await this.findInApp(appId, licenseId);
    if (license.status !== 'BANNED') return toLicense(license);
    const status = license.activatedAt ? 'USED' : 'UNUSED';
    await this.licenses.manager.transaction(async (manager) => {
      await manager.update(LicenseEntity, { id: license.id }, { status, banReason: null });
      await this.audit.write(manager, [
        adminChange(actor, license.appId, 'admin.license.unban', { licenseId: license.id }),
      ]);
    });
    return toLicense({ ...license, status, banReason: null });
  }

  /**
   * Deletes the key; its user stays, without this license, and that user's
   * sessions end. A reseller deletes only its own UNUSED keys (403 `Only
   * unused keys can be deleted`) and gets the credit back as a `refund` entry
   * in the same transaction.
   */
  async remove(actor: Actor, scope: AppScope, licenseId: string): Promise<void> {
    const { resellerId } = scope;
    const license = await this.findInApp(scope.appId, licenseId, resellerId);
    if (resellerId && license.status !== 'UNUSED') throw new AppError('ONLY_UNUSED_KEYS');
    await this.events.transaction(async (manager, emit) => {
      // A reseller's key must still be unused as it goes: it may have been redeemed since it was read.
      const rows = await sqlRows<{ user_id: string | null }>(
        manager,
        `DELETE FROM licenses WHERE id = $1 AND (NOT $2 OR status = 'UNUSED') RETURNING user_id`,
        [license.id, resellerId !== null],
      );
      if (rows.length === 0) {
        const [kept] = await sqlRows(manager, `SELECT 1 FROM licenses WHERE id = $1`, [license.id]);
        throw new AppError(kept ? 'ONLY_UNUSED_KEYS' : 'NOT_FOUND');
      }
      const userId = rows[0]!.user_id;
      if (userId) await this.sessions.endUserSessions(manager, userId, 'license_deleted');
      const balanceAfter = resellerId
        ? await this.credits.refund(manager, resellerId, actor.email, [license.id])
        : null;
      emit(
        domainEvent('license.delete', license.appId, {
          licenseId: license.id,
          key: license.key,
          deletedBy: actor.email,
          appId: license.appId,
        }),
      );
      await this.audit.write(manager, [
        adminChange(actor, license.appId, 'admin.license.delete', {
          licenseId: license.id,
          key: license.key,
          ...(resellerId ? { creditsRefunded: 1, balanceAfter } : {}),
        }),
      ]);
    });
  }

  /** The app's key (one `createdBy` made, when given): another app's, another creator's or an unknown id is 404. */
  private async findInApp(appId: string, licenseId: string, createdBy: string | null = null): Promise<LicenseEntity> {
    const license = await this.licenses.findOneBy({ id: licenseId, appId, ...(createdBy ? { createdBy } : {}) });
    if (!license) throw new AppError('NOT_FOUND');
    return license;
  }
}

export function toLicense(row: LicenseEntity): License {
  return {
    id: row.id,
    key: row.key,
    appId: row.appId,
    status: row.status,
    durationType: row.durationType,
    level: row.level,
    maxDevices: row.maxDevices,
    prefix: row.prefix,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    activatedAt: iso(row.activatedAt),
    expiresAt: iso(row.expiresAt),
    userId: row.userId,
    createdBy: row.createdBy,
    banReason: row.banReason,
  };
}

const CSV_FIELDS = [
  'id',
  'key',
  'appId',
  'status',
  'durationType',
  'level',
  'maxDevices',
  'prefix',
  'note',
  'createdAt',
  'activatedAt',
  'expiresAt',
  'userId',
  'createdBy',
  'banReason',
] as const satisfies ReadonlyArray<keyof License>;

/**
 * One CSV cell (RFC 4180 quoting). Text that a spreadsheet would run as a
 * formula (leading = + - @) is prefixed with a quote mark.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
