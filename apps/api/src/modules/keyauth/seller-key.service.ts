import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { SellerLimits, type SellerKeyCreated, type SellerKeyStatus } from '@latchkey/contracts';
import { DataSource } from 'typeorm';
import type { ChangeAuthor } from '../../common/auth/actor.js';
import { sha256 } from '../../common/crypto.js';
import { iso } from '../../common/iso.js';
import { sqlAffected, sqlRows } from '../../common/sql.js';
import { Config } from '../../config/config.js';
import type { OwnedApp } from '../apps/app-access.js';
import { adminChange, AuditService } from '../audit/audit.service.js';
import { randomAlphanumeric } from './keyauth-app.js';
import { KeyAuthSettingsService } from './keyauth-settings.service.js';
import {
  DELETE_SELLER_KEY,
  FIND_SELLER_KEY,
  GET_SELLER_KEY,
  SET_SELLER_KEY,
  type SellerKeyRow,
  TOUCH_SELLER_KEY,
} from './keyauth-seller.queries.js';

/** What a presented seller key opens: its app, and whether KeyAuth compatibility is on. */
export interface SellerKeyMatch {
  appId: string;
  enabled: boolean;
  keyHash: Buffer;
}

/**
 * An app's seller key (docs/decisions/keyauth.md, "Seller API"): made by the
 * server, answered once, kept as its SHA-256, looked up by that hash. Create,
 * rotate and revoke are audited, never with the key.
 */
@Injectable()
export class SellerKeyService {
  private readonly publicUrl: string;

  constructor(
    config: Config,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly settings: KeyAuthSettingsService,
  ) {
    this.publicUrl = config.PUBLIC_URL;
  }

  async status(app: OwnedApp, origin: string | null): Promise<SellerKeyStatus> {
    const [row] = await sqlRows<SellerKeyRow>(this.dataSource, GET_SELLER_KEY, [app.id]);
    return this.toStatus(row, origin);
  }

  /** A new key, replacing the app's current one (which stops working at once). */
  async rotate(actor: ChangeAuthor, app: OwnedApp, origin: string | null): Promise<SellerKeyCreated> {
    // The key hangs off the app's KeyAuth settings: made with their defaults (off) when never read.
    await this.settings.read(app, origin);
    const sellerKey = newSellerKey();
    const row = await this.dataSource.transaction(async (manager) => {
      const [previous] = await sqlRows<SellerKeyRow>(manager, GET_SELLER_KEY, [app.id]);
      const [saved] = await sqlRows<SellerKeyRow>(manager, SET_SELLER_KEY, [app.id, sha256(sellerKey)]);
      const type = previous ? 'admin.keyauth.seller-key.rotate' : 'admin.keyauth.seller-key.create';
      await this.audit.write(manager, [adminChange(actor, app.id, type)]);
      return saved!;
    });
    return { ...this.toStatus(row, origin), sellerKey };
  }

  /** Revokes the key; idempotent (no key is what was asked for), audited only when a key went. */
  async revoke(actor: ChangeAuthor, app: OwnedApp, origin: string | null): Promise<SellerKeyStatus> {
    await this.dataSource.transaction(async (manager) => {
      const deleted = await sqlRows(manager, DELETE_SELLER_KEY, [app.id]);
      if (deleted.length === 0) return;
      await this.audit.write(manager, [adminChange(actor, app.id, 'admin.keyauth.seller-key.revoke')]);
    });
    return this.toStatus(undefined, origin);
  }

  /** The app a presented key opens; null for a key of the wrong shape, unknown, rotated or revoked. */
  async match(presented: string | undefined): Promise<SellerKeyMatch | null> {
    if (presented === undefined || !isSellerKeyShape(presented)) return null;
    const keyHash = sha256(presented);
    const [row] = await sqlRows<{ app_id: string; enabled: boolean }>(this.dataSource, FIND_SELLER_KEY, [keyHash]);
    return row ? { appId: row.app_id, enabled: row.enabled, keyHash } : null;
  }

  /** Stamps the key's last use (at most once a minute, in SQL). */
  async touch(match: SellerKeyMatch): Promise<void> {
    await sqlAffected(this.dataSource, TOUCH_SELLER_KEY, [match.appId, match.keyHash]);
  }

  private toStatus(row: SellerKeyRow | undefined, origin: string | null): SellerKeyStatus {
    return {
      exists: row !== undefined,
      createdAt: iso(row?.created_at ?? null),
      lastUsedAt: iso(row?.last_used_at ?? null),
      endpoint: `${this.publicUrl || origin || ''}/api/seller/`,
    };
  }
}

/** A new seller key: 32 characters of A-Z, a-z, 0-9 from the CSPRNG, the length KeyAuth's have. */
function newSellerKey(): string {
  return randomAlphanumeric(SellerLimits.keyLength);
}

function isSellerKeyShape(value: string): boolean {
  return value.length === SellerLimits.keyLength && /^[A-Za-z0-9]+$/.test(value);
}
