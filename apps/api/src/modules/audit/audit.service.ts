import { apiRow } from '../../common/api-row.js';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type AuditEntry, type AuditType, usernameKey } from '@latchkey/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { escapeLike, sqlAffected, sqlPage, sqlRows } from '../../common/sql.js';
import type { ChangeAuthor } from '../../common/auth/actor.js';
import {
  type AuditRow,
  listEntries,
  PRUNE_ENTRIES,
  RECORD_ENTRIES,
  recordAuditCte,
  SEARCH_NAMES,
} from './audit.queries.js';

/**
 * An entry to record. Conventions for `type`:
 * - `admin.<resource>.<verb>` (e.g. `admin.user.ban`) for an owner's change;
 *   actor = the account's email, ip = the request's.
 * - `client.register`, `client.login`, `client.license`, `client.upgrade` for
 *   client authentications, with `details.outcome` `success` or `failure` and,
 *   on failure, `details.reason` = the contract's message; actor = the username
 *   (the license key for `license`).
 * - `client.log` for a line sent by the `log` type: `details.message`.
 */
export interface AuditRecord {
  /** null for changes outside any app (tokens, a deleted app): kept, but listed under no app. */
  appId: string | null;
  /** one of contracts' AUDIT_TYPES, so the dashboard has words for it */
  type: AuditType;
  actor: string;
  /** the account that made an admin change; absent for client entries */
  actorId?: string | null;
  ip: string | null;
  details: object;
}

/** The entry for an owner's change of `appId`. */
export function adminChange(
  actor: ChangeAuthor,
  appId: string | null,
  type: AuditType,
  details: object = {},
): AuditRecord {
  return { appId, type, actor: actor.email, actorId: actor.accountId, ip: actor.ip, details };
}

/** Rows deleted per statement when pruning, so no single delete holds locks or bloats WAL for long. */
const PRUNE_BATCH = 5_000;

/**
 * The audit log: every admin change and every client authentication of an
 * app. Admin changes are written in the transaction of the change (write);
 * client failures and log lines in a statement of their own (record); a
 * successful client authentication in the same statement as its session
 * (recordCte).
 */
@Injectable()
export class AuditService {
  private readonly logger = new Logger(AuditService.name);

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Records one entry in a statement of its own. Never rejects (a failure is
   * logged), so callers on the client path may leave it unawaited.
   */
  async record(entry: AuditRecord): Promise<void> {
    try {
      await this.write(this.dataSource.manager, [entry]);
    } catch (err) {
      this.logger.error(`could not record audit entry ${entry.type}: ${(err as Error).message}`);
    }
  }

  /** Writes entries inside the caller's transaction: they commit with the change or not at all. */
  async write(manager: EntityManager, entries: AuditRecord[]): Promise<void> {
    if (entries.length === 0) return;
    await sqlRows(manager, RECORD_ENTRIES, [this.toParam(entries)]);
  }

  /**
   * SQL for statements that record audit entries in the same round trip as
   * their own change: recordAuditCte over the jsonb parameter `param` (see
   * toParam) and the SQL condition `guard`. Mirrors EventsService.recordCte.
   * A data-modifying CTE runs even when the outer query does not read it.
   */
  recordCte(param: string, guard = 'true'): string {
    return recordAuditCte(param, guard);
  }

  toParam(entries: AuditRecord[]): string {
    return JSON.stringify(entries);
  }

  /**
   * An app's entries, newest first. `type` matches that type or any under it:
   * `client` matches `client.login`, `admin.user` matches `admin.user.ban`.
   * `search` (a key or a username) matches the entries naming it: see
   * SEARCH_NAMES and audit_log_names.v1.sql.
   */
  async list(
    appId: string,
    filter: { type?: string; actorId?: string; search?: string },
    offset: number,
    limit: number,
  ) {
    const { type, actorId, search } = filter;
    const params: unknown[] = [appId];
    if (actorId !== undefined) params.push(actorId);
    if (type !== undefined) params.push(type, escapeLike(type) + '.%');
    if (search !== undefined) params.push(await this.searchNames(appId, search));
    const statement = listEntries({
      byActor: actorId !== undefined,
      byType: type !== undefined,
      byNames: search !== undefined,
    });
    return sqlPage(this.dataSource, statement, params, { offset, limit }, toAuditEntry);
  }

  /** The names audit_log_names gives the entries a search for `search` should find. */
  private async searchNames(appId: string, search: string): Promise<string[]> {
    // The DTO allows only a username's characters, so usernameKey is never null here.
    const [row] = await sqlRows<{ names: string[] }>(this.dataSource, SEARCH_NAMES, [
      appId,
      search,
      usernameKey(search),
    ]);
    return row!.names;
  }

  /** Deletes entries older than `days` days; returns how many. */
  async prune(days: number): Promise<number> {
    let deleted = 0;
    for (;;) {
      const affected = await sqlAffected(this.dataSource, PRUNE_ENTRIES, [days, PRUNE_BATCH]);
      deleted += affected;
      if (affected < PRUNE_BATCH) return deleted;
    }
  }
}

function toAuditEntry(row: AuditRow): AuditEntry {
  return apiRow(row);
}
