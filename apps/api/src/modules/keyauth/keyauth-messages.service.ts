import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { KEYAUTH_MESSAGE_DEFAULTS, type KeyAuthMessageName, type KeyAuthMessages } from '@latchkey/contracts';
import { DataSource } from 'typeorm';
import type { Actor } from '../../common/auth/actor.js';
import { sqlRows } from '../../common/sql.js';
import type { OwnedApp } from '../apps/app-access.js';
import { adminChange, AuditService } from '../audit/audit.service.js';
import { messageOverrides } from './keyauth-app.js';
import { KeyAuthAppsCache } from './keyauth-apps.cache.js';
import { KeyAuthSettingsService } from './keyauth-settings.service.js';
import { type KeyAuthAppRow, SET_KEYAUTH_MESSAGES } from './keyauth.queries.js';

/**
 * An app's replaced KeyAuth messages (issue 40): only the replacements are
 * stored, on the app's `keyauth_apps` row, which KeyAuthAppsCache holds, so a
 * compat call reads them with its app. A change is audited and drops the
 * app's pair from that cache in every process.
 */
@Injectable()
export class KeyAuthMessagesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly cache: KeyAuthAppsCache,
    private readonly settings: KeyAuthSettingsService,
  ) {}

  async read(app: OwnedApp): Promise<KeyAuthMessages> {
    const row = await this.settings.current(this.dataSource.manager, app);
    return answer(row);
  }

  /** Replaces every replacement; a text equal to its default is the default, so it is not stored. */
  async save(
    actor: Actor,
    app: OwnedApp,
    requested: Partial<Record<KeyAuthMessageName, string>>,
  ): Promise<KeyAuthMessages> {
    const overrides = messageOverrides(requested);
    const row = await this.dataSource.transaction(async (manager) => {
      await this.settings.current(manager, app);
      const [saved] = await sqlRows<KeyAuthAppRow>(manager, SET_KEYAUTH_MESSAGES, [app.id, JSON.stringify(overrides)]);
      await this.audit.write(manager, [adminChange(actor, app.id, 'admin.keyauth.messages.update', { overrides })]);
      return saved!;
    });
    await this.cache.invalidate({ ownerId: row.owner_id, name: row.name });
    return answer(row);
  }
}

function answer(row: KeyAuthAppRow): KeyAuthMessages {
  return { defaults: { ...KEYAUTH_MESSAGE_DEFAULTS }, overrides: messageOverrides(row.messages) };
}
