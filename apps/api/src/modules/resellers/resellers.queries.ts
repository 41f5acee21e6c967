import type { DurationType, LedgerReason } from '@latchkey/contracts';
import type { ListStatement } from '../../common/sql.js';

/*
 * Every statement of the resellers module, which owns `resellers` and
 * `reseller_ledger` (docs/data-access.md), and the rows they read
 * (snake_case, as PostgreSQL answers). Accounts are written through
 * AuthService.
 */

/** A reseller: its `resellers` row with its account's email, enabled state and last sign-in. */
export interface ResellerRow {
  id: string;
  email: string;
  app_id: string;
  credits: number;
  allowed_levels: number[] | null;
  allowed_durations: DurationType[] | null;
  max_devices_limit: number | null;
  enabled: boolean;
  keys_generated: number;
  created_at: Date;
  last_login_at: Date | null;
}

/** One `reseller_ledger` entry. */
export interface LedgerRow {
  id: string;
  amount: number;
  balance_after: number;
  reason: LedgerReason;
  note: string | null;
  license_ids: string[];
  actor: string;
  created_at: Date;
}

const RESELLER_COLUMNS = `r.account_id AS id, a.email, r.app_id, r.credits, r.allowed_levels, r.allowed_durations,
  r.max_devices_limit, a.disabled_at IS NULL AS enabled, r.keys_generated, r.created_at, a.last_login_at`;

export const INSERT_RESELLER = `INSERT INTO resellers (account_id, app_id, allowed_levels, allowed_durations, max_devices_limit)
  VALUES ($1, $2, $3, $4, $5)`;

/** The app `$1`'s resellers, newest first. */
export const LIST_RESELLERS: ListStatement = {
  select: RESELLER_COLUMNS,
  from: 'resellers r JOIN accounts a ON a.id = r.account_id WHERE r.app_id = $1',
  countFrom: 'resellers r WHERE r.app_id = $1',
  orderBy: 'r.created_at DESC, r.account_id DESC',
};

export const GET_RESELLER = `SELECT ${RESELLER_COLUMNS} FROM resellers r JOIN accounts a ON a.id = r.account_id
  WHERE r.app_id = $1 AND r.account_id = $2`;

/** Sets each list or bound whose flag ($2, $4, $6) is true to its value ($3, $5, $7). */
export const UPDATE_RESELLER = `UPDATE resellers SET
    allowed_levels = CASE WHEN $2 THEN $3::integer[] ELSE allowed_levels END,
    allowed_durations = CASE WHEN $4 THEN $5::text[] ELSE allowed_durations END,
    max_devices_limit = CASE WHEN $6 THEN $7::integer ELSE max_devices_limit END
  WHERE account_id = $1`;

/** An app a reseller sells (APPS_OF_RESELLER): its name, the balance and what it may sell there. */
export type ResellerAppRow = Pick<
  ResellerRow,
  'app_id' | 'credits' | 'allowed_levels' | 'allowed_durations' | 'max_devices_limit'
> & { name: string };

/** The apps the account `$1` sells, with its balance and what it may sell in each. */
export const APPS_OF_RESELLER = `SELECT r.app_id, p.name, r.credits, r.allowed_levels, r.allowed_durations, r.max_devices_limit
  FROM resellers r JOIN apps p ON p.id = r.app_id
  WHERE r.account_id = $1 ORDER BY r.created_at`;

/**
 * Whether the reseller may sell the order's keys: its level, duration and
 * maxDevices in parameters $first, $first + 1 and $first + 2.
 */
function mayGenerate(first: number): string {
  const [level, duration, maxDevices] = [first, first + 1, first + 2].map((n) => `$${n}`);
  return `(allowed_levels IS NULL OR ${level} = ANY (allowed_levels))
          AND (allowed_durations IS NULL OR ${duration} = ANY (allowed_durations))
          AND (max_devices_limit IS NULL OR ${maxDevices} <= max_devices_limit)`;
}

/** Takes `$2` credits from the reseller `$1` if it has them and may sell the order ($3-$5). */
export const SPEND_CREDITS = `UPDATE resellers SET credits = credits - $2, keys_generated = keys_generated + $2
  WHERE account_id = $1 AND credits >= $2 AND ${mayGenerate(3)}
  RETURNING credits`;

/** Whether the reseller `$1` may sell the order ($2-$4). */
export const MAY_GENERATE = `SELECT ${mayGenerate(2)} AS allowed FROM resellers WHERE account_id = $1`;

export const REFUND_CREDITS = `UPDATE resellers SET credits = credits + $2, keys_generated = keys_generated - $2
  WHERE account_id = $1 RETURNING credits`;

/** Adds `$2` (negative: removes) credits while the balance stays between 0 and `$3`. */
export const GRANT_CREDITS = `UPDATE resellers SET credits = credits + $2
  WHERE account_id = $1 AND credits + $2 BETWEEN 0 AND $3
  RETURNING credits`;

export const CREDITS = `SELECT credits FROM resellers WHERE account_id = $1`;

/** The reseller `$1`'s ledger, newest first. */
export const LIST_LEDGER: ListStatement = {
  select: 'id, amount, balance_after, reason, note, license_ids, actor, created_at',
  from: 'reseller_ledger WHERE reseller_id = $1',
  orderBy: 'seq DESC',
};

export const APPEND_LEDGER = `INSERT INTO reseller_ledger (reseller_id, amount, balance_after, reason, note, license_ids, actor)
  VALUES ($1, $2, $3, $4, $5, $6::uuid[], $7)`;
