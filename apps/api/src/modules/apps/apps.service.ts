import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppDefaults, type App, type AppRole, type AppWithRole, type CreatedApp } from '@latchkey/contracts';
import { Config } from '../../config/config.js';
import { isUuid } from '../../common/id-param.js';
import { encryptWithMasterKey, generateSigningKeyPair, keyIdOf, randomSecret, sha256 } from '../../common/crypto.js';
import { AppError } from '../../common/errors.js';
import { sqlAffected, sqlPage, sqlRows } from '../../common/sql.js';
import type { Principal } from '../../common/auth/principal.js';
import type { Actor } from '../../common/auth/actor.js';
import { adminChange, AuditService } from '../audit/audit.service.js';
import type { OwnedApp } from './app-settings.js';
import { settingsOf } from './app-settings.js';
import { AppCredentialsCache } from './app-credentials.cache.js';
import {
  APP_SETTINGS,
  type AppRow,
  type AppWithRoleRow,
  DELETE_APP,
  INSERT_APP,
  LIST_APPS,
  REACHABLE_APP,
  SET_API_KEY_HASH,
  updateApp,
} from './apps.queries.js';
import type { CreateAppDto, UpdateAppDto } from './apps.dto.js';

const API_KEY_PREFIX = 'lk_';

@Injectable()
export class AppsService {
  private readonly masterKey: Buffer;

  constructor(
    config: Config,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly cache: AppCredentialsCache,
    private readonly audit: AuditService,
  ) {
    this.masterKey = config.masterKey;
  }

  async create(actor: Actor, dto: CreateAppDto): Promise<CreatedApp> {
    const apiKey = randomSecret(API_KEY_PREFIX);
    const keyPair = generateSigningKeyPair();
    const app = await this.dataSource.transaction(async (manager) => {
      const [saved] = await sqlRows<AppRow>(manager, INSERT_APP, [
        actor.accountId,
        dto.name,
        dto.version ?? AppDefaults.version,
        dto.updateUrl ?? null,
        true,
        true,
        AppDefaults.sessionTtlSeconds,
        AppDefaults.sessionIdleSeconds,
        AppDefaults.rateLimitPerMinute,
        AppDefaults.offlineTicketSeconds,
        sha256(apiKey),
        keyPair.publicKey,
        encryptWithMasterKey(this.masterKey, keyPair.privateKeyDer),
      ]);
      await this.audit.write(manager, [adminChange(actor, saved!.id, 'admin.app.create', { name: saved!.name })]);
      return saved!;
    });
    // An unknown-appId miss may have been cached for this id (ids are random, but be exact).
    await this.cache.invalidate(app.id);
    return { ...toApp(toOwnedApp(app)), apiKey };
  }

  /**
   * An owner-role account's own apps and those it is a member of, each with
   * its role; or the app(s) a reseller sells (no role).
   */
  async list(principal: Principal, offset: number, limit: number) {
    return sqlPage(
      this.dataSource,
      LIST_APPS[principal.role],
      [principal.accountId],
      { offset, limit },
      (row: AppWithRoleRow) => withRole(toApp(toOwnedApp(row)), row.app_role),
    );
  }

  /**
   * The app and the principal's role on it, when it may reach it: an owner
   * its own apps (`owner`), a member the apps it belongs to (its role), a
   * reseller the app it sells (role null). Another tenant's app and a
   * malformed id are both "not found": never reveal other tenants.
   * AppOwnershipGuard calls it for every `/apps/{appId}/...` route.
   */
  async findReachable(principal: Principal, appId: string): Promise<{ app: OwnedApp; role: AppRole | null }> {
    const [row] = isUuid(appId)
      ? await sqlRows<AppWithRoleRow>(this.dataSource, REACHABLE_APP[principal.role], [principal.accountId, appId])
      : [];
    if (!row) throw new AppError('NOT_FOUND');
    return { app: toOwnedApp(row), role: row.app_role };
  }

  async update(actor: Actor, app: OwnedApp, dto: UpdateAppDto): Promise<App> {
    const settings = APP_SETTINGS.filter((setting) => dto[setting] !== undefined);
    if (settings.length === 0) return toApp(app);
    const values = settings.map((setting) => dto[setting]);
    const changes = Object.fromEntries(settings.map((setting, n) => [setting, values[n]]));
    const updated = await this.dataSource.transaction(async (manager) => {
      const [row] = await sqlRows<AppRow>(manager, updateApp(settings), [app.id, ...values]);
      if (!row) throw new AppError('NOT_FOUND');
      await this.audit.write(manager, [adminChange(actor, app.id, 'admin.app.update', { changes })]);
      return row;
    });
    await this.cache.invalidate(app.id);
    return toApp(toOwnedApp(updated));
  }

  async rotateApiKey(actor: Actor, app: OwnedApp): Promise<{ apiKey: string }> {
    const apiKey = randomSecret(API_KEY_PREFIX);
    await this.dataSource.transaction(async (manager) => {
      await sqlAffected(manager, SET_API_KEY_HASH, [app.id, sha256(apiKey)]);
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
  async remove(actor: Actor, app: OwnedApp): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await sqlAffected(manager, DELETE_APP, [app.id]);
      await this.audit.write(manager, [
        adminChange(actor, null, 'admin.app.delete', { appId: app.id, name: app.name }),
      ]);
    });
    await this.cache.invalidate(app.id);
  }
}

function toOwnedApp(row: AppRow): OwnedApp {
  return {
    id: row.id,
    ownerId: row.owner_id,
    ...settingsOf(row),
    publicKey: row.public_key,
    createdAt: row.created_at,
  };
}

/** The app with the caller's role on it; a reseller's answer carries none. */
export function withRole(app: App, role: AppRole | null): AppWithRole {
  return role === null ? app : { ...app, role };
}

export function toApp(app: OwnedApp): App {
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
