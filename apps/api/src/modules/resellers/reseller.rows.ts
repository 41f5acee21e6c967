import type { DurationType, LedgerReason } from '@latchkey/contracts';

/* Rows of the resellers tables as the module's SQL reads them (snake_case, as PostgreSQL answers). */

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
