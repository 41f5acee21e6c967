import { apiRow } from '../../common/api-row.js';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  DURATION_TYPES,
  type DurationType,
  type Reseller,
  type ResellerAppCredit,
  ResellerLimits,
} from '@latchkey/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { Actor } from '../../common/auth/actor.js';
import { AppError } from '../../common/errors.js';
import { sqlPage, sqlRows } from '../../common/sql.js';
import { AuthService } from '../accounts/auth.service.js';
import { adminChange, AuditService } from '../audit/audit.service.js';
import { ResellerCredits } from './reseller-credits.js';
import {
  APPS_OF_RESELLER,
  GET_RESELLER,
  INSERT_RESELLER,
  LIST_RESELLERS,
  type ResellerAppRow,
  type ResellerRow,
  UPDATE_RESELLER,
} from './resellers.queries.js';
import type { AdjustCreditsDto, CreateResellerDto, UpdateResellerDto } from './resellers.dto.js';

/**
 * The owner's side of resellers: accounts created for one app, with a credit
 * balance and the levels, durations and device counts they may sell. A reseller's id is its
 * account id, the `createdBy` of the keys it generates.
 */
@Injectable()
export class ResellersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly auth: AuthService,
    private readonly credits: ResellerCredits,
    private readonly audit: AuditService,
  ) {}

  /**
   * Creates the reseller's account and record; opening credits are a `grant`
   * entry. 409 only for an email the owner can see taken: another reseller of
   * this app, or its own (which would make the app's audit actors ambiguous).
   */
  async create(actor: Actor, appId: string, dto: CreateResellerDto): Promise<Reseller> {
    if (dto.email === actor.email) throw new AppError('EMAIL_TAKEN');
    const opening = dto.credits ?? ResellerLimits.creditsDefault;
    const id = await this.dataSource.transaction(async (manager) => {
      const account = await this.auth.createResellerAccount(manager, appId, dto.email, dto.password);
      await sqlRows(manager, INSERT_RESELLER, [
        account.id,
        appId,
        sorted(dto.allowedLevels),
        ordered(dto.allowedDurations),
        dto.maxDevicesLimit ?? null,
      ]);
      if (opening > 0) {
        await this.credits.grant(manager, account.id, {
          amount: opening,
          note: null,
          actor: actor.email,
          maxBalance: ResellerLimits.balanceMax,
        });
      }
      await this.audit.write(manager, [
        adminChange(actor, appId, 'admin.reseller.create', {
          resellerId: account.id,
          email: account.email,
          credits: opening,
          allowedLevels: dto.allowedLevels ?? null,
          allowedDurations: dto.allowedDurations ?? null,
          maxDevicesLimit: dto.maxDevicesLimit ?? null,
        }),
      ]);
      return account.id;
    });
    return this.get(appId, id);
  }

  async list(appId: string, offset: number, limit: number) {
    return sqlPage(this.dataSource, LIST_RESELLERS, [appId], { offset, limit }, toReseller);
  }

  /** The app's reseller; another app's, an unknown or a malformed id: 404. */
  async get(appId: string, resellerId: string, manager: EntityManager = this.dataSource.manager): Promise<Reseller> {
    const [row] = await sqlRows<ResellerRow>(manager, GET_RESELLER, [appId, resellerId]);
    if (!row) throw new AppError('NOT_FOUND');
    return toReseller(row);
  }

  /**
   * Changes allowed levels, durations or the maxDevices bound (null allows
   * any), enabled or the password. `enabled: false` is the same as DELETE; a new password revokes
   * every token of the reseller, personal ones included.
   */
  async update(actor: Actor, appId: string, resellerId: string, dto: UpdateResellerDto): Promise<Reseller> {
    const current = await this.get(appId, resellerId);
    if (Object.values(dto).every((value) => value === undefined)) return current;
    return this.dataSource.transaction(async (manager) => {
      if ([dto.allowedLevels, dto.allowedDurations, dto.maxDevicesLimit].some((value) => value !== undefined)) {
        await sqlRows(manager, UPDATE_RESELLER, [
          resellerId,
          dto.allowedLevels !== undefined,
          sorted(dto.allowedLevels),
          dto.allowedDurations !== undefined,
          ordered(dto.allowedDurations),
          dto.maxDevicesLimit !== undefined,
          dto.maxDevicesLimit ?? null,
        ]);
      }
      if (dto.password !== undefined) await this.auth.resetPassword(manager, resellerId, dto.password);
      if (dto.enabled !== undefined) await this.auth.setDisabled(manager, resellerId, { disabled: !dto.enabled });
      const { password, ...changes } = dto;
      await this.audit.write(manager, [
        adminChange(actor, appId, 'admin.reseller.update', {
          resellerId,
          changes: { ...changes, ...(password !== undefined ? { password: 'changed' } : {}) },
        }),
      ]);
      return this.get(appId, resellerId, manager);
    });
  }

  /** Adds or removes credits with a note: a `grant` entry. 400 `Credit balance cannot go below zero`. */
  async adjustCredits(actor: Actor, appId: string, resellerId: string, dto: AdjustCreditsDto): Promise<Reseller> {
    await this.get(appId, resellerId);
    return this.dataSource.transaction(async (manager) => {
      const found = await this.credits.grant(manager, resellerId, {
        amount: dto.amount,
        note: dto.note ?? null,
        actor: actor.email,
        maxBalance: ResellerLimits.balanceMax,
      });
      if (!found) throw new AppError('NOT_FOUND');
      const reseller = await this.get(appId, resellerId, manager);
      await this.audit.write(manager, [
        adminChange(actor, appId, 'admin.reseller.credits', {
          resellerId,
          amount: dto.amount,
          note: dto.note ?? null,
          balanceAfter: reseller.credits,
        }),
      ]);
      return reseller;
    });
  }

  async ledger(appId: string, resellerId: string, offset: number, limit: number) {
    await this.get(appId, resellerId);
    return this.credits.ledger(resellerId, offset, limit);
  }

  /** Disables the reseller: login refused and every token revoked at once; its keys and ledger stay. */
  async disable(actor: Actor, appId: string, resellerId: string): Promise<void> {
    await this.get(appId, resellerId);
    await this.dataSource.transaction(async (manager) => {
      await this.auth.setDisabled(manager, resellerId, { disabled: true });
      await this.audit.write(manager, [adminChange(actor, appId, 'admin.reseller.disable', { resellerId })]);
    });
  }

  /** The apps a reseller account sells, with its balance in each (GET /v1/admin/me). */
  async appsOf(accountId: string): Promise<ResellerAppCredit[]> {
    const rows = await sqlRows<ResellerAppRow>(this.dataSource, APPS_OF_RESELLER, [accountId]);
    // What it may sell too: the reseller's console offers only what generation accepts.
    return rows.map((row) => ({
      appId: row.app_id,
      name: row.name,
      credits: row.credits,
      allowedLevels: row.allowed_levels,
      allowedDurations: row.allowed_durations,
      maxDevicesLimit: row.max_devices_limit,
    }));
  }
}

/** Levels are kept in ascending order, so the record reads the same however they were sent. */
function sorted(levels: number[] | null | undefined): number[] | null {
  return levels ? [...levels].sort((a, b) => a - b) : null;
}

/** Durations are kept shortest first, as DURATION_TYPES lists them. */
function ordered(durations: DurationType[] | null | undefined): DurationType[] | null {
  return durations ? DURATION_TYPES.filter((duration) => durations.includes(duration)) : null;
}

function toReseller(row: ResellerRow): Reseller {
  return apiRow(row);
}
