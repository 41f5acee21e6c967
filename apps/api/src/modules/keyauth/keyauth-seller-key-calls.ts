import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { JobLimits, LicenseLimits, SellerLimits } from '@latchkey/contracts';
import { DataSource } from 'typeorm';
import { sqlRows } from '../../common/sql.js';
import { AppCredentialsCache } from '../apps/app-credentials.cache.js';
import { LicensesService } from '../licenses/licenses.service.js';
import { StatsService } from '../stats/stats.service.js';
import { UsersService } from '../users/users.service.js';
import { durationOf } from './import/keyauth-fields.js';
import {
  daysOf,
  durationSeconds,
  isYes,
  KEY_STATUS_TEXT,
  madeBy,
  required,
  type SellerCall,
  unixText,
} from './keyauth-seller-call.js';
import {
  FETCH_ALL_LICENSES,
  FIND_LICENSE_BY_KEY,
  SELLER_SIDE_COUNTS,
  type SellerLicenseRow,
  type SellerSideCountsRow,
} from './keyauth-seller.queries.js';
import { maskDrawer, type SellerAnswer, SellerRefusal, SellerText } from './keyauth-seller-wire.js';

/** KeyAuth's default mask: six groups of six random characters. */
const DEFAULT_MASK = '******-******-******-******-******-******';

/**
 * The seller API's key calls. Every change goes through LicensesService (and
 * UsersService for `userToo`), the console's own code: its audit entries,
 * events, webhooks and session endings are the console's.
 */
@Injectable()
export class KeyAuthSellerKeyCalls {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly licenses: LicensesService,
    private readonly users: UsersService,
    private readonly apps: AppCredentialsCache,
    private readonly appStats: StatsService,
  ) {}

  /** The key calls this serves; the endpoint sends the others elsewhere. */
  static readonly TYPES = new Set(['add', 'verify', 'info', 'del', 'ban', 'unban', 'fetchallkeys', 'stats']);

  async serve(call: SellerCall): Promise<SellerAnswer> {
    switch (call.type) {
      case 'add':
        return this.add(call);
      case 'verify':
        await this.find(call);
        return { success: true, message: SellerText.keyVerified };
      case 'info':
        return this.info(await this.find(call));
      case 'del': {
        const license = await this.find(call);
        await this.licenses.remove(call.author, { appId: call.appId, resellerId: null }, license.id);
        if (isYes(call.fields.get('userToo')) && license.user_id) {
          await this.users.remove(call.author, call.appId, license.user_id);
        }
        return { success: true, message: SellerText.keyDeleted };
      }
      case 'ban': {
        const license = await this.find(call);
        const reason = call.fields.get('reason')?.slice(0, LicenseLimits.banReasonMax) ?? null;
        await this.licenses.ban(call.author, call.appId, license.id, reason);
        if (isYes(call.fields.get('userToo')) && license.user_id) {
          await this.users.ban(call.author, call.appId, license.user_id, reason);
        }
        return { success: true, message: SellerText.keyBanned };
      }
      case 'unban':
        await this.licenses.unban(call.author, call.appId, (await this.find(call)).id);
        return { success: true, message: SellerText.keyUnbanned };
      case 'stats':
        return this.stats(call);
      default:
        return this.fetchAll(call);
    }
  }

  /**
   * `add`: keys from a mask. A shop's dynamic delivery posts its order as
   * JSON; the order's quantity (Sellix `data.quantity`, SellApp
   * `data.order.quantity`) wins over `amount`, as on KeyAuth.
   */
  private async add(call: SellerCall): Promise<SellerAnswer> {
    const expiry = call.fields.get('expiry');
    if (expiry === undefined) throw new SellerRefusal(SellerText.expiryNotSet);
    const duration = durationOf(daysOf(expiry) * 86_400)!;
    const levelText = call.fields.get('level') ?? String(LicenseLimits.levelDefault);
    const level = Number(levelText);
    if (!/^\d{1,4}$/.test(levelText) || level < LicenseLimits.levelMin || level > LicenseLimits.levelMax) {
      throw new SellerRefusal(SellerText.levelInvalid(LicenseLimits.levelMin, LicenseLimits.levelMax));
    }
    const amount = orderQuantity(call.json) ?? amountOf(call.fields.get('amount'));
    if (amount > SellerLimits.amountMax) throw new SellerRefusal(SellerText.amountTooHigh);
    let mask = call.fields.get('mask') ?? DEFAULT_MASK;
    if (mask === 'XXXXXX-XXXXXX-XXXXXX-XXXXXX-XXXXXX-XXXXXX') mask = DEFAULT_MASK;
    const drawKey = maskDrawer(mask, call.fields.get('character') ?? '1');
    const note = call.fields.get('note')?.slice(0, LicenseLimits.noteMax) ?? null;
    const made = await this.licenses.generate(
      call.author,
      { appId: call.appId, resellerId: null },
      { count: amount, durationType: duration.type, level, note },
      { drawKey, extraDays: duration.extraDays },
    );
    const keys = made.map((license) => license.key);
    if (keys.length === 1)
      return { success: true, message: SellerText.keyGenerated, fields: { key: keys[0] }, text: keys[0] };
    return { success: true, message: SellerText.keysGenerated, fields: { keys }, text: keys.join('\r\n') };
  }

  private info(license: SellerLicenseRow): SellerAnswer {
    return {
      success: true,
      message: SellerText.keyInfo,
      fields: {
        duration: String(durationSeconds(license.duration_type, license.extra_days)),
        hwid: license.hwid,
        note: license.note ?? '',
        status: KEY_STATUS_TEXT[license.status] ?? license.status,
        level: String(license.level),
        createdby: madeBy(license.created_by_email),
        usedby: license.used_by,
        usedon: unixText(license.activated_at) || null,
        creationdate: unixText(license.created_at),
        banned: license.ban_reason,
      },
    };
  }

  /** `fetchallkeys`: the newest SellerLimits.fetchMax keys, in KeyAuth's fields, or one a line for `format=text`. */
  private async fetchAll(call: SellerCall): Promise<SellerAnswer> {
    const rows = await sqlRows<SellerLicenseRow>(this.dataSource, FETCH_ALL_LICENSES, [call.appId]);
    if (rows.length === 0) throw new SellerRefusal(SellerText.noKeys, 404);
    const keys = rows.map((row) => ({
      key: row.key,
      note: row.note ?? '',
      expires: String(durationSeconds(row.duration_type, row.extra_days)),
      status: KEY_STATUS_TEXT[row.status] ?? row.status,
      level: String(row.level),
      genby: madeBy(row.created_by_email),
      gendate: unixText(row.created_at),
      usedon: unixText(row.activated_at) || null,
      usedby: row.used_by,
      hwid: row.hwid ?? '',
      banned: row.ban_reason,
    }));
    return {
      success: true,
      message: SellerText.keysFetched,
      fields: { keys },
      text: rows.map((r) => r.key).join('\n'),
    };
  }

  /**
   * `stats`: the console's own figures (StatsService: exact up to its bound,
   * the planner's estimate past it, so a large app is never counted row by
   * row), every one a string, in the fields KeyAuth's Discord bot reads.
   */
  private async stats(call: SellerCall): Promise<SellerAnswer> {
    const app = await this.apps.get(call.appId);
    if (!app) throw new SellerRefusal(SellerText.sellerKeyNotFound, 404);
    const [figures, [side]] = await Promise.all([
      this.appStats.get(app),
      sqlRows<SellerSideCountsRow>(this.dataSource, SELLER_SIDE_COUNTS, [call.appId]),
    ]);
    const { licenses } = figures;
    return {
      success: true,
      message: SellerText.statsFetched,
      fields: {
        totalkeys: String(licenses.total),
        unused: String(licenses.UNUSED),
        used: String(licenses.USED + licenses.EXPIRED),
        paused: '0',
        banned: String(licenses.BANNED),
        webhooks: side!.webhooks,
        files: side!.files,
        vars: side!.vars,
        totalusers: String(figures.users),
        totalaccs: side!.resellers,
        resellers: side!.resellers,
        managers: '0',
      },
    };
  }

  /** The call's `key` of this app, or KeyAuth's `Key Not Found`. */
  private async find(call: SellerCall): Promise<SellerLicenseRow> {
    const key = required(call, 'key');
    const [row] = JobLimits.importKeyPattern.test(key)
      ? await sqlRows<SellerLicenseRow>(this.dataSource, FIND_LICENSE_BY_KEY, [call.appId, key])
      : [];
    if (!row) throw new SellerRefusal(SellerText.keyNotFound, 404);
    return row;
  }
}

/** KeyAuth's `amount`: 1 when absent or not a whole number above 0. */
function amountOf(value: string | undefined): number {
  return value !== undefined && /^\d{1,6}$/.test(value) && Number(value) > 0 ? Number(value) : 1;
}

/** The quantity of a shop's order posted as JSON, if it names one. */
function orderQuantity(json: unknown): number | null {
  const data = (json as { data?: Record<string, unknown> } | null)?.data;
  if (typeof data !== 'object' || data === null) return null;
  const order = data.order as Record<string, unknown> | undefined;
  for (const value of [data.quantity, order?.quantity, data.Quantity]) {
    const quantity = Number(value);
    if (Number.isInteger(quantity) && quantity > 0) return quantity;
  }
  return null;
}
