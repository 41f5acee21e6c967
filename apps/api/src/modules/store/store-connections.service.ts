import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  STORE_PRODUCT_DEFAULTS,
  type CreatedStoreConnection,
  type StoreConnection,
  type StoreProduct,
} from '@latchkey/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { Actor } from '../../common/auth/actor.js';
import { encryptWithMasterKey, randomSecret } from '../../common/crypto.js';
import { AppError, fieldError } from '../../common/errors.js';
import { isUniqueViolation, sqlRows } from '../../common/sql.js';
import { Config } from '../../config/config.js';
import { adminChange, AuditService } from '../audit/audit.service.js';
import type {
  CreateStoreConnectionDto,
  CreateStoreProductDto,
  UpdateStoreConnectionDto,
  UpdateStoreProductDto,
} from './store.dto.js';
import {
  CONNECTION_HAS_ORDERS,
  type ConnectionRow,
  DELETE_CONNECTION,
  DELETE_PRODUCT,
  FIND_CONNECTION,
  FIND_PRODUCT,
  INSERT_CONNECTION,
  INSERT_PRODUCT,
  LIST_CONNECTIONS,
  LIST_PRODUCTS,
  type ProductRow,
  UPDATE_CONNECTION,
  UPDATE_PRODUCT,
} from './store.queries.js';
import { toConnection, toProduct } from './store-views.js';

/** A generic connection's secret: `lkwh_` + base64url of 32 random bytes. */
export const GENERIC_SECRET_PREFIX = 'lkwh_';

/**
 * An app's store connections and their product mappings (owner and admin).
 * Signing secrets are sealed under MASTER_KEY (the receiver needs them to
 * check signatures), shown once when Latchkey makes one, and never logged
 * or audited.
 */
@Injectable()
export class StoreConnectionsService {
  private readonly masterKey: Buffer;
  private readonly publicUrl: string;

  constructor(
    config: Config,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
  ) {
    this.masterKey = config.masterKey;
    this.publicUrl = config.PUBLIC_URL;
  }

  async list(appId: string, origin: string | null): Promise<StoreConnection[]> {
    const rows = await sqlRows<ConnectionRow>(this.dataSource, LIST_CONNECTIONS, [appId]);
    return rows.map((row) => toConnection(row, this.base(origin)));
  }

  async create(actor: Actor, appId: string, dto: CreateStoreConnectionDto, origin: string | null) {
    const generic = dto.provider === 'generic';
    if (!generic && dto.signingSecret === undefined) {
      throw fieldError('signingSecret', 'signingSecret is required: paste the store’s webhook signing secret');
    }
    const secret = generic ? randomSecret(GENERIC_SECRET_PREFIX) : dto.signingSecret!;
    const row = await this.dataSource.transaction(async (manager) => {
      const [saved] = await sqlRows<ConnectionRow>(manager, INSERT_CONNECTION, [
        appId,
        dto.provider,
        dto.name,
        this.seal(secret),
      ]);
      await this.audit.write(manager, [
        adminChange(actor, appId, 'admin.store.connection.create', {
          connectionId: saved!.id,
          provider: dto.provider,
          name: dto.name,
        }),
      ]);
      return saved!;
    });
    return this.created(row, generic ? secret : null, origin);
  }

  async update(
    actor: Actor,
    appId: string,
    connectionId: string,
    dto: UpdateStoreConnectionDto,
    origin: string | null,
  ) {
    const connection = await this.find(this.dataSource.manager, appId, connectionId);
    if (dto.signingSecret !== undefined && connection.provider === 'generic') {
      throw fieldError('signingSecret', 'A generic connection’s secret is made by Latchkey: rotate it instead');
    }
    await this.dataSource.transaction(async (manager) => {
      await sqlRows(manager, UPDATE_CONNECTION, [
        connectionId,
        appId,
        dto.name ?? null,
        dto.enabled ?? null,
        dto.signingSecret === undefined ? null : this.seal(dto.signingSecret),
      ]);
      const changes = {
        ...(dto.name !== undefined ? { name: dto.name } : {}),
        ...(dto.enabled !== undefined ? { enabled: dto.enabled } : {}),
        ...(dto.signingSecret !== undefined ? { signingSecret: 'replaced' } : {}),
      };
      await this.audit.write(manager, [
        adminChange(actor, appId, 'admin.store.connection.update', { connectionId, changes }),
      ]);
    });
    return toConnection(await this.find(this.dataSource.manager, appId, connectionId), this.base(origin));
  }

  /** A generic connection's new secret, shown this once; the old one stops verifying at once. */
  async rotateSecret(actor: Actor, appId: string, connectionId: string, origin: string | null) {
    const connection = await this.find(this.dataSource.manager, appId, connectionId);
    if (connection.provider !== 'generic') throw new AppError('STORE_SECRET_NOT_ROTATABLE');
    const secret = randomSecret(GENERIC_SECRET_PREFIX);
    await this.dataSource.transaction(async (manager) => {
      await sqlRows(manager, UPDATE_CONNECTION, [connectionId, appId, null, null, this.seal(secret)]);
      await this.audit.write(manager, [
        adminChange(actor, appId, 'admin.store.connection.rotate-secret', { connectionId }),
      ]);
    });
    return this.created(connection, secret, origin);
  }

  /** Deletes a connection and its mappings; one with orders is kept (409): disable it instead. */
  async remove(actor: Actor, appId: string, connectionId: string): Promise<void> {
    const connection = await this.find(this.dataSource.manager, appId, connectionId);
    await this.dataSource.transaction(async (manager) => {
      const deleted = await sqlRows(manager, DELETE_CONNECTION, [connectionId, appId]);
      if (deleted.length === 0) {
        const [row] = await sqlRows<{ has_orders: boolean }>(manager, CONNECTION_HAS_ORDERS, [connectionId]);
        throw new AppError(row?.has_orders ? 'STORE_CONNECTION_HAS_ORDERS' : 'NOT_FOUND');
      }
      await this.audit.write(manager, [
        adminChange(actor, appId, 'admin.store.connection.delete', {
          connectionId,
          provider: connection.provider,
          name: connection.name,
        }),
      ]);
    });
  }

  async listProducts(appId: string, connectionId: string): Promise<StoreProduct[]> {
    await this.find(this.dataSource.manager, appId, connectionId);
    const rows = await sqlRows<ProductRow>(this.dataSource, LIST_PRODUCTS, [connectionId, appId]);
    return rows.map(toProduct);
  }

  async createProduct(actor: Actor, appId: string, connectionId: string, dto: CreateStoreProductDto) {
    await this.find(this.dataSource.manager, appId, connectionId);
    const product = await this.dataSource.transaction(async (manager) => {
      const [saved] = await sqlRows<ProductRow>(manager, INSERT_PRODUCT, [
        connectionId,
        dto.externalId,
        dto.name,
        dto.keysPerUnit ?? STORE_PRODUCT_DEFAULTS.keysPerUnit,
        dto.level ?? STORE_PRODUCT_DEFAULTS.level,
        dto.durationType,
        dto.maxDevices ?? STORE_PRODUCT_DEFAULTS.maxDevices,
        dto.expectedAmount ?? null,
        dto.currency?.toUpperCase() ?? null,
        dto.renewalUrl ?? null,
      ]);
      if (!saved) throw new AppError('STORE_PRODUCT_TAKEN');
      await this.audit.write(manager, [adminChange(actor, appId, 'admin.store.product.create', productDetails(saved))]);
      return saved;
    });
    return toProduct(product);
  }

  async updateProduct(actor: Actor, appId: string, productId: string, dto: UpdateStoreProductDto) {
    const current = await this.findProduct(appId, productId);
    const merged = [
      productId,
      dto.externalId ?? current.external_id,
      dto.name ?? current.name,
      dto.keysPerUnit ?? current.keys_per_unit,
      dto.level ?? current.level,
      dto.durationType ?? current.duration_type,
      dto.maxDevices ?? current.max_devices,
      dto.expectedAmount === undefined ? current.expected_amount : dto.expectedAmount,
      dto.currency === undefined ? current.currency : (dto.currency?.toUpperCase() ?? null),
      dto.renewalUrl === undefined ? current.renewal_url : dto.renewalUrl,
    ];
    const product = await this.dataSource.transaction(async (manager) => {
      const [saved] = await sqlRows<ProductRow>(manager, UPDATE_PRODUCT, merged).catch((err: unknown) => {
        throw isUniqueViolation(err) ? new AppError('STORE_PRODUCT_TAKEN') : err;
      });
      if (!saved) throw new AppError('NOT_FOUND');
      await this.audit.write(manager, [adminChange(actor, appId, 'admin.store.product.update', productDetails(saved))]);
      return saved;
    });
    return toProduct(product);
  }

  async removeProduct(actor: Actor, appId: string, productId: string): Promise<void> {
    const product = await this.findProduct(appId, productId);
    await this.dataSource.transaction(async (manager) => {
      await sqlRows(manager, DELETE_PRODUCT, [productId]);
      await this.audit.write(manager, [
        adminChange(actor, appId, 'admin.store.product.delete', productDetails(product)),
      ]);
    });
  }

  private async find(manager: EntityManager, appId: string, connectionId: string): Promise<ConnectionRow> {
    const [row] = await sqlRows<ConnectionRow>(manager, FIND_CONNECTION, [connectionId, appId]);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  private async findProduct(appId: string, productId: string): Promise<ProductRow> {
    const [row] = await sqlRows<ProductRow>(this.dataSource, FIND_PRODUCT, [productId, appId]);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  private seal(secret: string): Buffer {
    return encryptWithMasterKey(this.masterKey, Buffer.from(secret, 'utf8'));
  }

  private base(origin: string | null): string {
    return this.publicUrl || origin || '';
  }

  private created(row: ConnectionRow, secret: string | null, origin: string | null): CreatedStoreConnection {
    return { ...toConnection(row, this.base(origin)), signingSecret: secret };
  }
}

function productDetails(row: ProductRow): Record<string, unknown> {
  return {
    connectionId: row.connection_id,
    productId: row.id,
    externalId: row.external_id,
    name: row.name,
    keysPerUnit: row.keys_per_unit,
    durationType: row.duration_type,
  };
}
