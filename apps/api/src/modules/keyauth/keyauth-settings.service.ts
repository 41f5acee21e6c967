import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { KeyAuthMessage, type KeyAuthSecret, type KeyAuthSettings } from '@latchkey/contracts';
import { randomBytes } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import type { Actor } from '../../common/auth/actor.js';
import { decryptWithMasterKey, encryptWithMasterKey } from '../../common/crypto.js';
import { AppError } from '../../common/errors.js';
import { isUniqueViolation, sqlAffected, sqlRows } from '../../common/sql.js';
import { Config } from '../../config/config.js';
import type { OwnedApp } from '../apps/app-access.js';
import { AppsService } from '../apps/apps.service.js';
import { adminChange, AuditService } from '../audit/audit.service.js';
import { randomOwnerId, toKeyAuthApp, type KeyAuthApp } from './keyauth-app.js';
import { KeyAuthAppsCache } from './keyauth-apps.cache.js';
import type { UpdateKeyAuthSettingsDto } from './keyauth-settings.dto.js';
import {
  GET_KEYAUTH_APP,
  INSERT_KEYAUTH_DEFAULTS,
  type KeyAuthAppRow,
  SAVE_KEYAUTH_APP,
  SET_KEYAUTH_SECRET,
} from './keyauth.queries.js';

/** Tries at a fresh random ownerid should the generated pair be taken (about 59 bits each: never in practice). */
const OWNER_ID_ATTEMPTS = 5;

/**
 * An app's KeyAuth compatibility settings, as its owner reads and changes
 * them. Every change is audited (never the secret) and drops the pairs it
 * touched from KeyAuthAppsCache.
 */
@Injectable()
export class KeyAuthSettingsService {
  private readonly masterKey: Buffer;
  private readonly publicUrl: string;

  constructor(
    config: Config,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly cache: KeyAuthAppsCache,
    private readonly apps: AppsService,
  ) {
    this.masterKey = config.masterKey;
    this.publicUrl = config.PUBLIC_URL;
  }

  /** The settings, made with their defaults (off, a random ownerid, the app's name) on the first read. */
  async read(app: OwnedApp, origin: string | null): Promise<KeyAuthSettings> {
    return this.toSettings(app, await this.current(this.dataSource.manager, app), origin);
  }

  async save(actor: Actor, app: OwnedApp, dto: UpdateKeyAuthSettingsDto, origin: string | null) {
    // Deprecated for one release (issue 41): KeyAuth's own version is the app's now, set (and audited) as the app's.
    const version = typeof dto.appVersion === 'string' ? dto.appVersion : app.version;
    if (version !== app.version) await this.apps.update(actor, app, { version });
    const changes = {
      enabled: dto.enabled,
      ownerId: dto.ownerId,
      name: dto.name,
      versions: dto.versions,
      subscriptionNames: dto.subscriptionNames,
      fetchOnline: dto.fetchOnline,
      selfBan: dto.selfBan,
      checkVersion: dto.checkVersion ?? typeof dto.appVersion === 'string',
      downloadUrl: dto.downloadUrl ?? null,
    };
    const { before, after } = await this.dataSource
      .transaction(async (manager) => {
        const [previous] = await sqlRows<KeyAuthAppRow>(manager, GET_KEYAUTH_APP, [app.id]);
        const [saved] = await sqlRows<KeyAuthAppRow>(manager, SAVE_KEYAUTH_APP, [
          app.id,
          changes.enabled,
          changes.ownerId,
          changes.name,
          changes.versions,
          JSON.stringify(changes.subscriptionNames),
          changes.fetchOnline,
          changes.selfBan,
          changes.checkVersion,
          changes.downloadUrl,
          // Kept only when the app has no secret yet: the first save generates the 1.2 secret.
          this.seal(newSecret()),
        ]);
        await this.audit.write(manager, [adminChange(actor, app.id, 'admin.keyauth.update', { changes })]);
        return { before: previous, after: saved! };
      })
      .catch((err: unknown) => {
        if (isUniqueViolation(err)) throw new AppError('CONFLICT', KeyAuthMessage.pairTaken);
        throw err;
      });
    await this.cache.invalidate(...(before ? [{ ownerId: before.owner_id, name: before.name }] : []), {
      ownerId: after.owner_id,
      name: after.name,
    });
    return this.toSettings({ ...app, version }, after, origin);
  }

  /** Sets the 1.2 secret to `secret`, or to a new random one. */
  async setSecret(actor: Actor, app: OwnedApp, secret: string | undefined): Promise<KeyAuthSecret> {
    const value = secret?.toLowerCase() ?? newSecret();
    const row = await this.dataSource.transaction(async (manager) => {
      const current = await this.current(manager, app);
      await sqlAffected(manager, SET_KEYAUTH_SECRET, [app.id, this.seal(value)]);
      await this.audit.write(manager, [
        adminChange(actor, app.id, 'admin.keyauth.secret.set', { generated: secret === undefined }),
      ]);
      return current;
    });
    await this.cache.invalidate({ ownerId: row.owner_id, name: row.name });
    return { secret: value };
  }

  /** The 1.2 secret in the clear, for the owner to build 1.2 clients with; audited. */
  async revealSecret(actor: Actor, app: OwnedApp): Promise<KeyAuthSecret> {
    return this.dataSource.transaction(async (manager) => {
      const { secret } = this.unsealed(await this.current(manager, app));
      if (secret === null) throw new AppError('NOT_FOUND', 'No 1.2 secret yet: save the settings or set one');
      await this.audit.write(manager, [adminChange(actor, app.id, 'admin.keyauth.secret.reveal')]);
      return { secret };
    });
  }

  /** The app's row, inserted with its defaults when it has none (the messages are saved on it too). */
  async current(manager: EntityManager, app: OwnedApp): Promise<KeyAuthAppRow> {
    for (let attempt = 0; attempt < OWNER_ID_ATTEMPTS; attempt += 1) {
      const [inserted] = await sqlRows<KeyAuthAppRow>(manager, INSERT_KEYAUTH_DEFAULTS, [
        app.id,
        randomOwnerId(),
        app.name,
      ]);
      if (inserted) return inserted;
      const [existing] = await sqlRows<KeyAuthAppRow>(manager, GET_KEYAUTH_APP, [app.id]);
      if (existing) return existing;
    }
    throw new Error(`no free KeyAuth ownerid for app ${app.id} after ${OWNER_ID_ATTEMPTS} attempts`);
  }

  private seal(secret: string): Buffer {
    return encryptWithMasterKey(this.masterKey, Buffer.from(secret, 'utf8'));
  }

  private unsealed(row: KeyAuthAppRow): KeyAuthApp {
    return toKeyAuthApp(row, (sealed) => decryptWithMasterKey(this.masterKey, sealed));
  }

  private toSettings(app: OwnedApp, row: KeyAuthAppRow, origin: string | null): KeyAuthSettings {
    const settings = this.unsealed(row);
    const base = this.publicUrl || origin || '';
    return {
      enabled: settings.enabled,
      ownerId: settings.ownerId,
      name: settings.name,
      versions: settings.versions,
      subscriptionNames: settings.subscriptionNames,
      fetchOnline: settings.fetchOnline,
      selfBan: settings.selfBan,
      checkVersion: settings.checkVersion,
      appVersion: settings.checkVersion ? app.version : null,
      downloadUrl: settings.downloadUrl,
      publicKeyHex: Buffer.from(app.publicKey, 'base64').toString('hex'),
      secretSet: settings.secret !== null,
      endpoints: { v13: `${base}/api/1.3/`, v12: `${base}/api/1.2/` },
    };
  }
}

/** A new 1.2 secret: 32 random bytes as 64 hex characters, the shape KeyAuth's secrets have. */
function newSecret(): string {
  return randomBytes(32).toString('hex');
}
