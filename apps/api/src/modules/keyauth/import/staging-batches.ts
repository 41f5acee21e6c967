import { KeyAuthRowReason } from '@latchkey/contracts';
import type { EntityManager } from 'typeorm';
import { sqlAffected, sqlRows } from '../../../common/sql.js';
import { REFUSE_STAGED_USERS, STAGE_KEYS, STAGE_SUBSCRIPTIONS, STAGE_USERS } from './keyauth-import.queries.js';
import type { StagedKey, StagedRecord, StagedSubscription, StagedUser } from './keyauth-records.js';

/** Staged rows written per statement while the file streams in. */
const STAGE_BATCH = 1000;

/** Staged rows gathered per table and written STAGE_BATCH at a time. */
export class StagingBatches {
  private users: StagedUser[] = [];
  private subscriptions: StagedSubscription[] = [];
  private keys: StagedKey[] = [];
  private staged = 0;
  /** users (by username key) of a subscription that could not be staged */
  private readonly refusedUsers = new Set<string>();

  constructor(
    private readonly manager: EntityManager,
    private readonly importId: string,
  ) {}

  async add(record: StagedRecord): Promise<void> {
    if (record.section === 'users') this.users.push(record.row);
    else if (record.section === 'subscription' && record.row.problem !== null) {
      this.refusedUsers.add(record.row.usernameKey);
    } else if (record.section === 'subscription') this.subscriptions.push(record.row);
    else this.keys.push(record.row);
    if (this.users.length + this.subscriptions.length + this.keys.length >= STAGE_BATCH) await this.write();
  }

  /**
   * Writes what is left, then refuses the users of subscriptions that could
   * not be staged (a user imported without one would come in with less time
   * or a lower level); returns the users and keys staged (what the preview
   * goes through).
   */
  async flush(): Promise<number> {
    await this.write();
    if (this.refusedUsers.size > 0) {
      await sqlAffected(this.manager, REFUSE_STAGED_USERS, [
        this.importId,
        [...this.refusedUsers],
        KeyAuthRowReason.subscriptionNul,
      ]);
    }
    return this.staged;
  }

  private async write(): Promise<void> {
    const { users, subscriptions, keys } = this;
    [this.users, this.subscriptions, this.keys] = [[], [], []];
    this.staged += users.length + keys.length;
    if (users.length > 0) {
      await sqlRows(this.manager, STAGE_USERS, [
        this.importId,
        users.map((u) => u.line),
        users.map((u) => u.username),
        users.map((u) => u.usernameKey),
        users.map((u) => u.passwordHash),
        users.map((u) => u.hwid),
        users.map((u) => u.hwidCount),
        users.map((u) => u.banned),
        users.map((u) => u.banReason),
        users.map((u) => u.ip),
        users.map((u) => u.createdAt),
        users.map((u) => u.lastLoginAt),
        users.map((u) => u.problem),
      ]);
    }
    if (subscriptions.length > 0) {
      await sqlRows(this.manager, STAGE_SUBSCRIPTIONS, [
        this.importId,
        subscriptions.map((s) => s.line),
        subscriptions.map((s) => s.usernameKey),
        subscriptions.map((s) => s.name),
        subscriptions.map((s) => s.expiresAt),
      ]);
    }
    if (keys.length > 0) {
      await sqlRows(this.manager, STAGE_KEYS, [
        this.importId,
        keys.map((k) => k.line),
        keys.map((k) => k.key),
        keys.map((k) => k.level),
        keys.map((k) => k.durationType),
        keys.map((k) => k.extraDays),
        keys.map((k) => k.status),
        keys.map((k) => k.usedBy),
        keys.map((k) => k.usedByKey),
        keys.map((k) => k.activatedAt),
        keys.map((k) => k.note),
        keys.map((k) => k.banReason),
        keys.map((k) => k.problem),
      ]);
    }
  }
}
