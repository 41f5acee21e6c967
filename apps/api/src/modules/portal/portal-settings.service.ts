import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  PORTAL_SIGN_IN_METHODS,
  PortalMessage,
  type PortalSettings,
  type PortalSignInMethod,
  type UpdatePortalSettingsRequest,
} from '@latchkey/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { ChangeAuthor } from '../../common/auth/actor.js';
import { randomSecret } from '../../common/crypto.js';
import { fieldError } from '../../common/errors.js';
import { iso } from '../../common/iso.js';
import { sqlRows } from '../../common/sql.js';
import { adminChange, AuditService } from '../audit/audit.service.js';
import { CustomerCodeMailer } from './customer-code-mailer.js';
import {
  ENSURE_SETTINGS,
  GET_SETTINGS,
  SETTINGS_FIELDS,
  updateSettings,
  type PortalSettingsRow,
  type SettingsField,
} from './portal.queries.js';

/** The public id in a portal's URL: 16 random bytes, base64url (stable: made once per app). */
export function newPublicId(): string {
  return randomSecret('', 16);
}

/**
 * The owner's side of the portal: its settings, made with their defaults the
 * first time they are read (the portal stays off until the owner turns it
 * on), so an app's public id never changes.
 */
@Injectable()
export class PortalSettingsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly mailer: CustomerCodeMailer,
  ) {}

  async get(appId: string): Promise<PortalSettings> {
    return this.toSettings(await this.ensure(this.dataSource.manager, appId));
  }

  async update(actor: ChangeAuthor, appId: string, dto: UpdatePortalSettingsRequest): Promise<PortalSettings> {
    const fields = (Object.keys(SETTINGS_FIELDS) as SettingsField[]).filter((field) => dto[field] !== undefined);
    if (dto.signInMethods?.every((method) => method === 'email') && !this.mailer.available) {
      throw fieldError('signInMethods', PortalMessage.emailOnlyWithoutMail);
    }
    const row = await this.dataSource.transaction(async (manager) => {
      await this.ensure(manager, appId);
      if (fields.length > 0) {
        const values = fields.map((field) => {
          if (field === 'levelNames') return JSON.stringify(trimmedNames(dto.levelNames!));
          if (field === 'signInMethods') return inOrder(dto.signInMethods!);
          return dto[field];
        });
        await sqlRows(manager, updateSettings(fields), [appId, ...values]);
        await this.audit.write(manager, [adminChange(actor, appId, 'admin.portal.update', { changed: fields })]);
      }
      return (await sqlRows<PortalSettingsRow>(manager, GET_SETTINGS, [appId]))[0]!;
    });
    return this.toSettings(row);
  }

  private async ensure(manager: EntityManager, appId: string): Promise<PortalSettingsRow> {
    const [found] = await sqlRows<PortalSettingsRow>(manager, GET_SETTINGS, [appId]);
    if (found) return found;
    await sqlRows(manager, ENSURE_SETTINGS, [appId, newPublicId()]);
    return (await sqlRows<PortalSettingsRow>(manager, GET_SETTINGS, [appId]))[0]!;
  }

  private toSettings(row: PortalSettingsRow): PortalSettings {
    return {
      enabled: row.enabled,
      publicId: row.public_id,
      displayName: row.display_name,
      accentColor: row.accent_color,
      supportUrl: row.support_url,
      levelNames: row.level_names,
      signInMethods: row.sign_in_methods as PortalSignInMethod[],
      hwidReset: {
        mode: row.hwid_reset_mode,
        perPeriod: row.hwid_resets_per_period,
        periodDays: row.hwid_reset_period_days,
        cooldownHours: row.hwid_reset_cooldown_hours,
        endSessions: row.hwid_reset_ends_sessions,
      },
      emailAvailable: this.mailer.available,
      updatedAt: iso(row.updated_at),
    };
  }
}

/** Sign-in methods without repeats, in the one order the portal shows them. */
function inOrder(methods: PortalSignInMethod[]): PortalSignInMethod[] {
  return PORTAL_SIGN_IN_METHODS.filter((method) => methods.includes(method));
}

function trimmedNames(names: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(names).map(([level, name]) => [String(Number(level)), name.trim()]));
}
