import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { usernameKey, type BlacklistEntry, type BlacklistType, type CreatedBlacklistEntry } from '@latchkey/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { sqlPage, sqlRows } from '../../common/sql.js';
import { AppError } from '../../common/errors.js';
import type { Actor, ChangeAuthor } from '../../common/auth/actor.js';
import { adminChange, AuditService } from '../audit/audit.service.js';
import { SessionsAdminService } from '../sessions/sessions-admin.service.js';
import { addressPrefixes, BlacklistMatcher, normalizeIpValue, type BlacklistSubject } from './blacklist-matcher.js';
import { BlacklistCache } from './blacklist.cache.js';
import type { CreateBlacklistEntryDto } from './blacklist.dto.js';
import { DELETE_ENTRY, type EntryRow, INSERT_ENTRY, LIST_ENTRIES } from './blacklist.queries.js';

/** An app's blacklist: the owner's entries, and the check every client request passes. */
@Injectable()
export class BlacklistService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly cache: BlacklistCache,
    private readonly audit: AuditService,
    private readonly sessions: SessionsAdminService,
  ) {}

  /**
   * For `POST /v1`: whether the request is refused with 403
   * `Access denied`. Call after the app's credentials and `enabled` are
   * checked, before the operation's own checks, with every field the type
   * carries (`hwid`, `username`; the IP always). Answers from an in-process
   * copy of the app's list: no database round trip once loaded.
   */
  async isBlocked(appId: string, subject: BlacklistSubject): Promise<boolean> {
    const matcher = await this.cache.get(appId);
    return matcher.matches(subject);
  }

  /**
   * Adds an entry and, in the same transaction, ends the app's sessions it
   * would have refused at their opening (see endMatchingSessions); the audit
   * entry counts them. Every process drops its copy of the list once committed.
   */
  async create(actor: ChangeAuthor, appId: string, dto: CreateBlacklistEntryDto): Promise<CreatedBlacklistEntry> {
    const value = canonicalValue(dto);
    const entry = await this.dataSource.transaction(async (manager) => {
      const rows = await sqlRows<EntryRow>(manager, INSERT_ENTRY, [
        appId,
        dto.type,
        value,
        dto.reason ?? null,
        actor.accountId,
      ]);
      const created = rows[0];
      if (!created) throw new AppError('CONFLICT', 'Blacklist entry already exists');
      const sessionsEnded = await this.endMatchingSessions(manager, appId, created);
      const { id: entryId, type, value: blocked, reason } = created;
      await this.audit.write(manager, [
        adminChange(actor, appId, 'admin.blacklist.create', { entryId, type, value: blocked, reason, sessionsEnded }),
      ]);
      return { ...toEntry(created), sessionsEnded };
    });
    await this.cache.invalidate(appId);
    return entry;
  }

  /**
   * Ends the sessions of the user a username entry names, those opened with
   * an HWID entry's HWID, or from an address an IP entry covers. For an IP
   * entry an index narrows the app's recorded addresses by their leading
   * octets or hextets, and the matcher that checks client requests decides
   * (ranges, IPv4-mapped IPv6).
   */
  private async endMatchingSessions(manager: EntityManager, appId: string, entry: EntryRow): Promise<number> {
    const { type, value } = entry;
    if (type === 'username') return this.sessions.endBlacklistedSessions(manager, appId, { usernameKey: value });
    if (type === 'hwid') return this.sessions.endBlacklistedSessions(manager, appId, { hwid: value });
    const matcher = new BlacklistMatcher([entry]);
    const recorded = await this.sessions.recordedAddresses(manager, appId, addressPrefixes(value));
    const ips = recorded.filter((ip) => matcher.matches({ ip }));
    return ips.length === 0 ? 0 : this.sessions.endBlacklistedSessions(manager, appId, { ips });
  }

  async list(appId: string, type: BlacklistType | undefined, offset: number, limit: number) {
    return sqlPage(this.dataSource, LIST_ENTRIES, [appId, type ?? null], { offset, limit }, toEntry);
  }

  async remove(actor: Actor, appId: string, entryId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const rows = await sqlRows<EntryRow>(manager, DELETE_ENTRY, [entryId, appId]);
      const removed = rows[0];
      if (!removed) throw new AppError('NOT_FOUND');
      await this.audit.write(manager, [
        adminChange(actor, appId, 'admin.blacklist.delete', {
          entryId: removed.id,
          type: removed.type,
          value: removed.value,
        }),
      ]);
    });
    await this.cache.invalidate(appId);
  }
}

/** The value as stored, so one address, range or user is one entry: IPs normalized, usernames canonical. */
function canonicalValue({ type, value }: CreateBlacklistEntryDto): string {
  // The DTO has checked the value by its type's rules, so neither form is null.
  if (type === 'ip') return normalizeIpValue(value)!;
  if (type === 'username') return usernameKey(value)!;
  return value;
}

function toEntry(row: EntryRow): BlacklistEntry {
  return { id: row.id, type: row.type, value: row.value, reason: row.reason, createdAt: row.created_at.toISOString() };
}
