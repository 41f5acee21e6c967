import { Injectable } from '@nestjs/common';
import type { DurationType, LedgerEntry } from '@latchkey/contracts';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { AppError } from '../../common/errors.js';
import { sqlPage, sqlRows } from '../../common/sql.js';
import {
  APPEND_LEDGER,
  CREDITS,
  GRANT_CREDITS,
  type LedgerRow,
  LIST_LEDGER,
  MAY_GENERATE,
  REFUND_CREDITS,
  SPEND_CREDITS,
} from './resellers.queries.js';

/** What a reseller asks to generate: what it costs and what its allowed lists and device bound are checked against. */
export interface KeyOrder {
  count: number;
  level: number;
  durationType: DurationType;
  maxDevices: number;
}

/**
 * A reseller's balance and its ledger. Every change is one conditional UPDATE
 * of the reseller's row (PostgreSQL re-checks its WHERE against the newest
 * row under the row lock, so concurrent changes from any number of processes
 * queue there and the balance never goes below zero), followed by its ledger
 * entry with the balance it left, in the caller's transaction: the ledger
 * always sums to the balance.
 */
@Injectable()
export class ResellerCredits {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Takes `order.count` credits for keys the caller then generates in the
   * same transaction (and records with recordSpend). 403 `Not allowed for
   * this reseller` for a level or duration outside its lists or maxDevices
   * above its bound, else 402
   * `Insufficient credits`; nothing is taken then. Returns the balance left.
   */
  async spend(manager: EntityManager, resellerId: string, order: KeyOrder): Promise<number> {
    const rows = await sqlRows<{ credits: number }>(manager, SPEND_CREDITS, [
      resellerId,
      order.count,
      order.level,
      order.durationType,
      order.maxDevices,
    ]);
    if (rows[0]) return rows[0].credits;
    // Refused: only the answer depends on why (what it may sell first).
    const [state] = await sqlRows<{ allowed: boolean }>(manager, MAY_GENERATE, [
      resellerId,
      order.level,
      order.durationType,
      order.maxDevices,
    ]);
    if (!state) throw new AppError('NOT_FOUND');
    throw new AppError(state.allowed ? 'INSUFFICIENT_CREDITS' : 'NOT_FOR_THIS_RESELLER');
  }

  /** The `generate` entry of a spend, with the keys it paid for. */
  async recordSpend(
    manager: EntityManager,
    resellerId: string,
    spent: { actor: string; balanceAfter: number; licenseIds: string[] },
  ): Promise<void> {
    await this.append(manager, resellerId, {
      amount: -spent.licenseIds.length,
      balanceAfter: spent.balanceAfter,
      reason: 'generate',
      note: null,
      licenseIds: spent.licenseIds,
      actor: spent.actor,
    });
  }

  /** Gives back one credit per deleted unused key, as a `refund` entry; returns the balance. */
  async refund(manager: EntityManager, resellerId: string, actor: string, licenseIds: string[]): Promise<number> {
    const [row] = await sqlRows<{ credits: number }>(manager, REFUND_CREDITS, [resellerId, licenseIds.length]);
    if (!row) throw new Error(`refund for unknown reseller ${resellerId}`);
    await this.append(manager, resellerId, {
      amount: licenseIds.length,
      balanceAfter: row.credits,
      reason: 'refund',
      note: null,
      licenseIds,
      actor,
    });
    return row.credits;
  }

  /**
   * The owner adds (positive) or removes (negative) credits, with a note: a
   * `grant` entry. 400 when the balance would go below zero or above the
   * maximum; false when the reseller does not exist.
   */
  async grant(
    manager: EntityManager,
    resellerId: string,
    change: { amount: number; note: string | null; actor: string; maxBalance: number },
  ): Promise<boolean> {
    const [row] = await sqlRows<{ credits: number }>(manager, GRANT_CREDITS, [
      resellerId,
      change.amount,
      change.maxBalance,
    ]);
    if (!row) {
      // Refused: only the answer depends on why.
      const [exists] = await sqlRows<{ credits: number }>(manager, CREDITS, [resellerId]);
      if (!exists) return false;
      throw new AppError(exists.credits + change.amount < 0 ? 'NEGATIVE_BALANCE' : 'BALANCE_TOO_HIGH');
    }
    await this.append(manager, resellerId, {
      amount: change.amount,
      balanceAfter: row.credits,
      reason: 'grant',
      note: change.note,
      licenseIds: [],
      actor: change.actor,
    });
    return true;
  }

  /** A reseller's entries, newest first. */
  async ledger(resellerId: string, offset: number, limit: number) {
    return sqlPage(this.dataSource, LIST_LEDGER, [resellerId], { offset, limit }, toLedgerEntry);
  }

  private async append(manager: EntityManager, resellerId: string, entry: Omit<LedgerEntry, 'id' | 'createdAt'>) {
    await sqlRows(manager, APPEND_LEDGER, [
      resellerId,
      entry.amount,
      entry.balanceAfter,
      entry.reason,
      entry.note,
      entry.licenseIds,
      entry.actor,
    ]);
  }
}

export function toLedgerEntry(row: LedgerRow): LedgerEntry {
  return {
    id: row.id,
    amount: row.amount,
    balanceAfter: row.balance_after,
    reason: row.reason,
    note: row.note,
    licenseIds: row.license_ids,
    actor: row.actor,
    createdAt: row.created_at.toISOString(),
  };
}
