import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  type AccountSignIn,
  type AccountSignInKind,
  type AccountSignInMethod,
  type AccountSignInOutcome,
  TwoFactorLimits,
} from '@latchkey/contracts';
import { sqlRows, type SqlExecutor } from '../../common/sql.js';
import type { SignInOrigin } from './sign-in-origin.js';
import { INSERT_SIGN_IN, LIST_SIGN_INS, type SignInRow } from './two-factor.queries.js';

/** One event of an account's sign-in history. */
export interface SignInEvent {
  kind: AccountSignInKind;
  method: AccountSignInMethod;
  outcome: AccountSignInOutcome;
  /** why a step failed: a fixed word, never what was presented */
  reason?: string;
  origin: SignInOrigin;
}

/** An account keeps this many events; older ones are removed as new ones come. */
const SIGN_INS_KEPT = 200;
/** A user agent is kept for display only; longer ones are cut. */

/**
 * The account's sign-in history (`account_sign_ins`): sign-ins, failed second
 * steps, and changes to its second factors. This is what the account itself
 * is shown; nothing presented (a password, a code) is ever written here.
 */
@Injectable()
export class AccountSignIns {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Records `event` through `executor` (the caller's transaction, when the event belongs to one). */
  async record(executor: SqlExecutor, accountId: string, { kind, method, outcome, reason, origin }: SignInEvent) {
    await sqlRows(executor, INSERT_SIGN_IN, [
      accountId,
      kind,
      method,
      outcome,
      reason ?? null,
      origin.ip,
      origin.userAgent,
      SIGN_INS_KEPT,
    ]);
  }

  /** The account's newest events, newest first. */
  async list(accountId: string): Promise<AccountSignIn[]> {
    const rows = await sqlRows<SignInRow>(this.dataSource, LIST_SIGN_INS, [accountId, TwoFactorLimits.signInsListed]);
    return rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      ip: row.ip,
      userAgent: row.user_agent,
      kind: row.kind,
      method: row.method,
      outcome: row.outcome,
      ...(row.reason ? { reason: row.reason } : {}),
    }));
  }
}
