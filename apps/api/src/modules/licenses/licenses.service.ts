import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { License } from '@latchkey/contracts';
import { In, Repository } from 'typeorm';
import { isUuid } from '../../common/admin-response.js';
import { AppError } from '../../common/errors.js';
import { escapeLike, sqlRows } from '../../common/sql.js';
import { iso } from '../../common/iso.js';
import type { Actor } from '../../common/auth/actor.js';
import { adminChange, AuditService } from '../audit/audit.service.js';
import { domainEvent, EventsService } from '../events/events.service.js';
import { SessionsAdminService } from '../sessions/sessions-admin.service.js';
import { generateLicenseKey } from './license-key.js';
import { LicenseEntity } from './license.entity.js';
import type { GenerateLicensesDto, ListLicensesQuery, UpdateLicenseDto } from './licenses.dto.js';

/** Keys are drawn until `count` distinct ones are stored; a collision just draws again. */
const MAX_GENERATION_ROUNDS = 10;

@Injectable()
export class LicensesService {
  constructor(
    private readonly events: EventsService,
    private readonly sessions: SessionsAdminService,
    private readonly audit: AuditService,
    @InjectRepository(LicenseEntity) private readonly licenses: Repository<LicenseEntity>,
  ) {}

  async generate(actor: Actor, appId: string, dto: GenerateLicensesDto): Promise<License[]> {
    const count = dto.count ?? 1;
    return this.licenses.manager.transaction(async (manager) => {
      const created: LicenseEntity[] = [];
      for (let round = 0; created.length < count; round += 1) {
        if (round === MAX_GENERATION_ROUNDS) throw new Error('could not draw distinct license keys');
        const keys = Array.from({ length: count - created.length }, () => generateLicenseKey(dto.prefix));
        const rows: LicenseEntity[] = await manager.query(
          `INSERT INTO licenses (app_id, key, duration_type, level, max_devices, prefix, note, created_by)
           SELECT $1, k, $3, $4, $5, $6, $7, $8 FROM unnest($2::text[]) WITH ORDINALITY AS t(k, n) ORDER BY n
           ON CONFLICT (app_id, key) DO NOTHING
           RETURNING id`,
          [
            appId,
            keys,
            dto.durationType,
            dto.level ?? 1,
            dto.maxDevices ?? 1,
            dto.prefix ?? null,
            dto.note ?? null,
            actor.accountId,
          ],
        );
        const ids = rows.map((r) => r.id);
        const inserted = await manager.findBy(LicenseEntity, { id: In(ids) });
        const byId = new Map(inserted.map((l) => [l.id, l]));
        created.push(...ids.map((id) => byId.get(id)!));
      }
      await this.audit.write(manager, [
        adminChange(actor, appId, 'admin.license.generate', {
          count,
          durationType: dto.durationType,
          licenseIds: created.map((l) => l.id),
        }),
      ]);
      return created.map(toLicense);
    });
  }

  async list(appId: string, query: ListLicensesQuery) {
    const qb = this.licenses
      .createQueryBuilder('l')
      .where('l.app_id = :appId', { appId })
      .orderBy('l.created_at', 'DESC')
      .addOrderBy('l.id', 'DESC')
      .skip((query.page - 1) * query.limit)
      .take(query.limit);
    if (query.status) qb.andWhere('l.status = :status', { status: query.status });
    if (query.search) {
      qb.andWhere("(l.key ILIKE :pattern ESCAPE '\\' OR l.note ILIKE :pattern ESCAPE '\\')", {
        pattern: `%${escapeLike(query.search)}%`,
      });
    }
    const [rows, total] = await qb.getManyAndCount();
    return { items: rows.map(toLicense), total };
  }

  async exportCsv(appId: string, status?: string): Promise<string> {
    const rows = await this.licenses.find({
      where: { appId, ...(status ? { status: status as LicenseEntity['status'] } : {}) },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    const header = CSV_FIELDS.join(',');
    const lines = rows.map((row) => {
      const license = toLicense(row);
      return CSV_FIELDS.map((field) => csvCell(license[field])).join(',');
    });
    return [header, ...lines].join('\r\n') + '\r\n';
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
  async ban(actor: Actor, appId: string, licenseId: string, reason: string | undefined): Promise<License> {
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

  /** Deletes the key; its user stays, without this license, and that user's sessions end. */
  async remove(actor: Actor, appId: string, licenseId: string): Promise<void> {
    const license = await this.findInApp(appId, licenseId);
    await this.events.transaction(async (manager, emit) => {
      const rows = await sqlRows<{ user_id: string | null }>(
        manager,
        `DELETE FROM licenses WHERE id = $1 RETURNING user_id`,
        [license.id],
      );
      if (rows.length === 0) throw new AppError('NOT_FOUND');
      const userId = rows[0]!.user_id;
      if (userId) await this.sessions.endUserSessions(manager, userId, 'license_deleted');
      emit(
        domainEvent('license.delete', license.appId, {
          licenseId: license.id,
          key: license.key,
          deletedBy: actor.email,
          appId: license.appId,
        }),
      );
      await this.audit.write(manager, [
        adminChange(actor, license.appId, 'admin.license.delete', { licenseId: license.id, key: license.key }),
      ]);
    });
  }

  private async findInApp(appId: string, licenseId: string): Promise<LicenseEntity> {
    const license = isUuid(licenseId) ? await this.licenses.findOneBy({ id: licenseId, appId }) : null;
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
