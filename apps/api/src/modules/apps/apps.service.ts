import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, Repository } from 'typeorm';
import { AppDefaults, type App, type CreatedApp } from '@latchkey/contracts';
import { Config } from '../../config/config.js';
import { isUuid } from '../../common/id-param.js';
import { encryptWithMasterKey, generateSigningKeyPair, keyIdOf, randomSecret, sha256 } from '../../common/crypto.js';
import { AppError } from '../../common/errors.js';
import type { Principal } from '../../common/auth/principal.js';
import type { Actor } from '../../common/auth/actor.js';
import { adminChange, AuditService } from '../audit/audit.service.js';
import { AppCredentialsCache } from './app-credentials.cache.js';
import { AppEntity } from './app.entity.js';
import type { CreateAppDto, UpdateAppDto } from './apps.dto.js';

const API_KEY_PREFIX = 'lk_';
/**
 * The resellers module's table: which app a reseller account sells. Read here,
 * where app access is decided, since resellers depend on apps and not the reverse.
 */
const SOLD_BY = 'resellers';

@Injectable()
export class AppsService {
  private readonly masterKey: Buffer;

  constructor(
    config: Config,
    @InjectRepository(AppEntity) private readonly apps: Repository<AppEntity>,
    private readonly cache: AppCredentialsCache,
    private readonly audit: AuditService,
  ) {
    this.masterKey = Buffer.from(config.MASTER_KEY, 'base64');
  }

  async create(actor: Actor, dto: CreateAppDto): Promise<CreatedApp> {
    const apiKey = randomSecret(API_KEY_PREFIX);
    const keyPair = generateSigningKeyPair();
    const app = await this.apps.manager.transaction(async (manager) => {
      const saved = await manager.save(
        manager.create(AppEntity, {
          ownerId: actor.accountId,
          name: dto.name,
          version: dto.version ?? AppDefaults.version,
          updateUrl: dto.updateUrl ?? null,
          enabled: true,
          hwidLock: true,
          sessionTtlSeconds: AppDefaults.sessionTtlSeconds,
          sessionIdleSeconds: AppDefaults.sessionIdleSeconds,
          rateLimitPerMinute: AppDefaults.rateLimitPerMinute,
          offlineTicketSeconds: AppDefaults.offlineTicketSeconds,
          apiKeyHash: sha256(apiKey),
          publicKey: keyPair.publicKey,
          privateKeySealed: encryptWithMasterKey(this.masterKey, keyPair.privateKeyDer),
        }),
      );
      await this.audit.write(manager, [adminChange(actor, saved.id, 'admin.app.create', { name: saved.name })]);
      return saved;
    });
    // An unknown-appId miss may have been cached for this id (ids are random, but be exact).
    await this.cache.invalidate(app.id);
    return { ...toApp(app), apiKey };
  }

  /** An owner's apps, or the app(s) a reseller sells. */
  async list(principal: Principal, offset: number, limit: number) {
    const [rows, total] = await this.apps
      .createQueryBuilder('a')
      .where(reachableBy(principal))
      .orderBy('a.created_at', 'DESC')
      .skip(offset)
      .take(limit)
      .getManyAndCount();
    return { items: rows.map(toApp), total };
  }

  /**
   * The app, when the principal may reach it: an owner its own apps, a
   * reseller the app it sells. Another tenant's app and a malformed id are
   * both "not found": never reveal other tenants. AppOwnershipGuard calls it
   * for every `/apps/{appId}/...` route.
   */
  async findOwned(principal: Principal, appId: string): Promise<AppEntity> {
    const app = isUuid(appId)
      ? await this.apps
          .createQueryBuilder('a')
          .where('a.id = :appId', { appId })
          .andWhere(reachableBy(principal))
          .getOne()
      : null;
    if (!app) throw new AppError('NOT_FOUND');
    return app;
  }

  async update(actor: Actor, app: AppEntity, dto: UpdateAppDto): Promise<App> {
    const changes: Partial<AppEntity> = {};
    for (const field of [
      'name',
      'version',
      'updateUrl',
      'enabled',
      'hwidLock',
      'sessionTtlSeconds',
      'sessionIdleSeconds',
      'rateLimitPerMinute',
      'offlineTicketSeconds',
    ] as const) {
      if (dto[field] !== undefined) Object.assign(changes, { [field]: dto[field] });
    }
    if (Object.keys(changes).length > 0) {
      await this.apps.manager.transaction(async (manager) => {
        await manager.update(AppEntity, { id: app.id }, changes);
        await this.audit.write(manager, [adminChange(actor, app.id, 'admin.app.update', { changes })]);
      });
      await this.cache.invalidate(app.id);
    }
    return toApp({ ...app, ...changes } as AppEntity);
  }

  async rotateApiKey(actor: Actor, app: AppEntity): Promise<{ apiKey: string }> {
    const apiKey = randomSecret(API_KEY_PREFIX);
    await this.apps.manager.transaction(async (manager) => {
      await manager.update(AppEntity, { id: app.id }, { apiKeyHash: sha256(apiKey) });
      await this.audit.write(manager, [adminChange(actor, app.id, 'admin.app.rotate-api-key')]);
    });
    await this.cache.invalidate(app.id);
    return { apiKey };
  }

  /**
   * Removes the app; its records go with it (foreign keys cascade), its audit
   * log and its resellers' accounts included, so the deletion is recorded
   * outside any app.
   */
  async remove(actor: Actor, app: AppEntity): Promise<void> {
    await this.apps.manager.transaction(async (manager) => {
      await manager.delete(AppEntity, { id: app.id });
      await this.audit.write(manager, [
        adminChange(actor, null, 'admin.app.delete', { appId: app.id, name: app.name }),
      ]);
    });
    await this.cache.invalidate(app.id);
  }
}

/** The condition on apps `a` that the principal may reach: its own (an owner) or the one it sells (a reseller). */
function reachableBy(principal: Principal): Brackets {
  return new Brackets((qb) => {
    if (principal.role === 'owner') qb.where('a.owner_id = :accountId', { accountId: principal.accountId });
    else {
      qb.where(`EXISTS (SELECT 1 FROM ${SOLD_BY} r WHERE r.app_id = a.id AND r.account_id = :accountId)`, {
        accountId: principal.accountId,
      });
    }
  });
}

export function toApp(app: AppEntity): App {
  return {
    appId: app.id,
    name: app.name,
    version: app.version,
    updateUrl: app.updateUrl,
    enabled: app.enabled,
    hwidLock: app.hwidLock,
    sessionTtlSeconds: app.sessionTtlSeconds,
    sessionIdleSeconds: app.sessionIdleSeconds,
    rateLimitPerMinute: app.rateLimitPerMinute,
    offlineTicketSeconds: app.offlineTicketSeconds,
    publicKey: app.publicKey,
    keyId: keyIdOf(app.publicKey),
    createdAt: app.createdAt.toISOString(),
  };
}
